// `npm run bench:task-dashboard`: the task dashboard (spec 3 §2, §3, §7) on two years of history
// (issue 18: ≈3M moves, 2M tasks; GET /rest/dashboard/machines p99 ≤ 100 ms at 50 requests a second).
//
//   1. Starts Openyard in a child process (bench/lib/stack-child.ts) on BENCH_TOPOLOGIES (services:
//      PostgreSQL, Redis, Mosquitto; embedded: PGlite) with BENCH_MACHINES (20) machines and three
//      shifts (one crossing midnight), then seeds BENCH_MOVES (3,000,000) drops over BENCH_DAYS
//      (730) days spread over the machines, half of them completing a task, and as many more tasks
//      completed without a drop as make BENCH_TASKS (2,000,000), in SQL in the server's process.
//      The tasks' trigram indexes are dropped first (this database is thrown away; the dashboard
//      never reads them, and filling them would take most of the seeding).
//   2. Forgets what the rollup was built for and times the first request: the rollup's rebuild from
//      the whole history (the figure an upgrade or a shift edit costs once).
//   3. Open loop at BENCH_RATE (50) requests a second for BENCH_SECONDS (20): GET /rest/dashboard/machines
//      cycling through a day, the last 7 days, a month and a year, whole days and each shift.
// The last line printed is one JSON object: {"taskDashboardP99Ms","rebuildMs","rollupRows",…}.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shiftYardDay, yardDayOf } from '@openyard/contracts';
import { benchLogin } from './lib/api';
import { startChild, type Child } from './lib/child';
import { runIfMain } from './lib/main';
import { pacedLoad } from './lib/paced';
import { createDatabase, dropRedisPrefix, forgetMqttSession } from './lib/services';
import { stackEnv, type Topology } from './lib/stack-env';
import { fmt, round, table } from './lib/stats';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const MACHINES = number('BENCH_MACHINES', 20);
const MOVES = number('BENCH_MOVES', 3_000_000);
const TASKS = number('BENCH_TASKS', 2_000_000);
const DAYS = number('BENCH_DAYS', 730);
const RATE = number('BENCH_RATE', 50);
const SECONDS = number('BENCH_SECONDS', 20);
const TOPOLOGIES = (process.env.BENCH_TOPOLOGIES ?? 'services').split(',') as Topology[];
// A yard east of UTC: its days are not UTC's.
const TIME_ZONE = process.env.BENCH_TIME_ZONE ?? 'Asia/Kolkata';

// Drops every DAYS*86400/MOVES seconds back from now, machine by machine in turn; every other one
// completes a task (the task made ten minutes before); then the tasks completed at the terminal or
// from the list, spread over the same days.
function seedSql(tag: string) {
  const spacing = (DAYS * 86_400) / MOVES;
  const others = Math.max(0, TASKS - Math.floor(MOVES / 2));
  return [
    'drop index if exists tasks_search_text_idx',
    'drop index if exists tasks_open_search_text_idx',
    `insert into machine_events (machine_id, kind, message_id, occurred_at)
     select m.ids[1 + g % m.n], 'drop', '${tag}-' || g, now() - (${MOVES} - g) * interval '${spacing} seconds'
     from generate_series(1, ${MOVES}) g,
       (select array_agg(id order by id) as ids, count(*)::int as n from machines where machine_name like 'TD-%') m`,
    `insert into tasks (container_number, task_type, assigned_to_machine, source, generated_at, completed_at,
       completed_by_machine, completed_by_event_id)
     select 'TDCU' || lpad((e.id % 10000000)::text, 7, '0'), 'Grounding', m.machine_name, 'gate',
       e.occurred_at - interval '10 minutes', e.occurred_at, m.machine_name, e.id
     from machine_events e join machines m on m.id = e.machine_id
     where m.machine_name like 'TD-%' and e.id % 2 = 0`,
    `insert into tasks (container_number, task_type, assigned_to_machine, source, generated_at, completed_at,
       completed_by_machine)
     select 'TDXU' || lpad(g::text, 7, '0'), 'Loading', 'TD-' || (1 + g % ${MACHINES}), 'user',
       now() - (${others} - g) * interval '${(DAYS * 86_400) / Math.max(1, others)} seconds' - interval '5 minutes',
       now() - (${others} - g) * interval '${(DAYS * 86_400) / Math.max(1, others)} seconds',
       case when g % 3 = 0 then 'TD-' || (1 + g % ${MACHINES}) end
     from generate_series(1, ${others}) g`,
  ];
}

async function runTopology(topology: Topology) {
  const tag = randomBytes(4).toString('hex');
  const prefix = `oy-bench-${tag}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-bench-'));
  const database = topology === 'services' ? await createDatabase() : null;
  const log = (line: string) => console.log(`[${topology}] ${line}`);
  let child: Child | null = null;
  let ingestClientIds: string[] = [];
  try {
    child = await startChild(topology);
    // No statement timeout: the seeding statements run for minutes on the server's own connection.
    const env = stackEnv(
      topology,
      { dataDir, prefix, ...(database ? { databaseUrl: database.url } : {}) },
      { TIME_ZONE, DATABASE_STATEMENT_TIMEOUT_MS: '0' },
    );
    const started = await child.call({ op: 'start', env });
    ingestClientIds = started.ingestClientIds;
    const { baseUrl } = started;
    const { api, token } = await benchLogin(baseUrl);
    for (let index = 1; index <= MACHINES; index += 1)
      await api.machines.save({ body: { machineName: `TD-${index}`, machineType: 'Reach-Stacker' } });
    const shifts = [];
    for (const [name, from, to] of [
      ['TD Morning', 6, 14],
      ['TD Evening', 14, 22],
      ['TD Night', 22, 6],
    ] as const)
      shifts.push(
        (await api.machineShifts.create({ body: { name, fromHour: from, fromMinute: 0, toHour: to, toMinute: 0 } }))
          .shift,
      );

    let at = Date.now();
    for (const text of seedSql(tag)) await child.call({ op: 'sql', text });
    await child.call({ op: 'sql', text: topology === 'services' ? 'vacuum analyze' : 'analyze' });
    log(`${MOVES} drops and ${TASKS} tasks over ${DAYS} days seeded in ${fmt((Date.now() - at) / 1000, 1)} s`);

    // The rollup as an upgrade finds it: built for nothing. The first request rebuilds it.
    await child.call({ op: 'sql', text: 'delete from machine_day_stats_builds' });
    const today = yardDayOf(Date.now(), TIME_ZONE);
    at = Date.now();
    await api.taskDashboard.machines({ query: { period: 'day', date: today } });
    for (const shift of shifts) await api.taskDashboard.machines({ query: { period: 'day', shiftId: shift.id } });
    const rebuildMs = Date.now() - at;
    const rows = (await child.call({
      op: 'sql',
      text: 'select count(*)::int as count from machine_day_stats',
    })) as unknown as {
      count: number;
    }[];
    const rollupRows = rows[0]?.count ?? 0;
    log(`rollup rebuilt from the history in ${fmt(rebuildMs / 1000, 1)} s: ${rollupRows} rows`);

    const periods = [
      `period=day&date=${shiftYardDay(today, { days: -3 })}`,
      `period=custom&from=${shiftYardDay(today, { days: -6 })}&to=${today}`,
      `period=custom&from=${shiftYardDay(today, { days: -30 })}&to=${today}`,
      `period=custom&from=${shiftYardDay(today, { days: -365 })}&to=${today}`,
    ];
    const scopes = ['', ...shifts.map((shift) => `&shiftId=${shift.id}`)];
    const path = (index: number) =>
      `/rest/dashboard/machines?${periods[index % periods.length]}${scopes[Math.floor(index / periods.length) % scopes.length]}`;
    const headers = { authorization: `Bearer ${token}` };
    await pacedLoad({ baseUrl, rate: RATE, durationMs: 3000, path, headers });
    const figures = await pacedLoad({ baseUrl, rate: RATE, durationMs: SECONDS * 1000, path, headers });
    const year = await pacedLoad({
      baseUrl,
      rate: RATE,
      durationMs: 5000,
      path: (index) => `/rest/dashboard/machines?${periods[3]}${scopes[index % scopes.length]}`,
      headers,
    });
    console.log(
      table([
        ['call', 'n', 'per s', 'p50 ms', 'p99 ms', 'failed', 'kB'],
        ...[
          ['GET /rest/dashboard/machines (mix)', figures],
          ['GET /rest/dashboard/machines (a year)', year],
        ].map(([name, load]) => {
          const entry = load as typeof figures;
          return [
            name as string,
            entry.requests,
            fmt(entry.achievedPerSec),
            fmt(entry.p50, 1),
            fmt(entry.p99, 1),
            entry.errors + entry.non2xx,
            fmt(entry.kbPerRequest, 1),
          ];
        }),
      ]),
    );
    return { topology, figures, year, rebuildMs, rollupRows };
  } finally {
    await child?.close();
    if (topology === 'services') {
      for (const clientId of ingestClientIds) await forgetMqttSession(clientId).catch(() => undefined);
      await dropRedisPrefix(prefix).catch(() => undefined);
    }
    await database?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const results = [];
  for (const topology of TOPOLOGIES) results.push(await runTopology(topology));
  const first = results[0]!;
  console.log(
    JSON.stringify({
      taskDashboardP99Ms: round(Math.max(first.figures.p99 ?? 0, first.year.p99 ?? 0), 1),
      taskDashboardYearP99Ms: round(first.year.p99, 1),
      taskDashboardP50Ms: round(first.figures.p50, 1),
      failed: first.figures.errors + first.figures.non2xx + first.year.errors + first.year.non2xx,
      rebuildMs: first.rebuildMs,
      rollupRows: first.rollupRows,
      rate: RATE,
      moves: MOVES,
      tasks: TASKS,
      days: DAYS,
      machines: MACHINES,
      timeZone: TIME_ZONE,
      topology: first.topology,
      topologies: results.map((result) => ({
        topology: result.topology,
        p99Ms: round(result.figures.p99, 1),
        yearP99Ms: round(result.year.p99, 1),
        rebuildMs: result.rebuildMs,
      })),
    }),
  );
}

runIfMain(import.meta.url, main);
