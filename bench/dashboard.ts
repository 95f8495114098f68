// `npm run bench:dashboard`: the dashboard's calls on two years of a 15,000-container depot (issue 18:
// p99 ≤ 100 ms at 50 requests a second).
//
//   1. The inventory bench's yard (seedYard: 20,000 slots, about 15,000 containers in it), then in
//      one statement per table, with triggers off as a bulk load has them: BENCH_VISITS (500,000)
//      dispatched container visits over the last two years (a gate-in and a gate-out each: 1M gate
//      events), six movements each (3M: in, four moves in the yard, half by machines, out), a pick
//      and a drop for each machine move (2M machine events), and four completed tasks each (2M)
//      over 200 machines. The dashboard's rollup is then cut from that history with the
//      migration's own function (the backfill), in the yard zone BENCH_TIME_ZONE (Asia/Kolkata),
//      and timed; then the machines' rollup (machine_day_stats, the task dashboard's, which the
//      machine widget reads) is forgotten and built again by the first machine-tasks request, timed.
//   2. Openyard is started on that database (PostgreSQL when reachable, BENCH_TOPOLOGY=embedded for
//      PGlite). Every dashboard GET, in turn, evenly paced at BENCH_RATE (50) a second for
//      BENCH_SECONDS (20), first with the yard standing still, then while the inventory version is
//      raised ten times a second (every figure of the yard as it stands computed again, as when
//      containers move); then GET /rest/health at the same rate as the baseline.
// The last line printed is one JSON object: {"dashboardP99Ms", "dashboardChangingP99Ms", …}.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchLogin } from './lib/api';
import { startChild, type Child } from './lib/child';
import { runIfMain } from './lib/main';
import { pacedLoad, type PacedFigures } from './lib/paced';
import { createDatabase, SERVICES } from './lib/services';
import { fmt, round, table } from './lib/stats';
import { seedYard } from './inventory';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const VISITS = number('BENCH_VISITS', 500_000);
const RATE = number('BENCH_RATE', 50);
const SECONDS = number('BENCH_SECONDS', 20);
const MACHINES = 200;
const TIME_ZONE = process.env.BENCH_TIME_ZONE ?? 'Asia/Kolkata';

const PATHS = [
  '/rest/enterprise-dashboard/area-containers',
  '/rest/enterprise-dashboard/empty-slots',
  '/rest/enterprise-dashboard/process-containers?groupBy=customer',
  '/rest/enterprise-dashboard/process-containers?groupBy=liner',
  '/rest/enterprise-dashboard/age-wise-containers',
  '/rest/enterprise-dashboard/gate-in-report',
  '/rest/enterprise-dashboard/monthly-movements',
  '/rest/enterprise-dashboard/machine-tasks?days=1',
  '/rest/enterprise-dashboard/machine-tasks?days=31',
  '/rest/enterprise-dashboard/yard-trailers',
  '/rest/enterprise-dashboard/yard-trailers-detailed',
];

// Two years of visits, their movements, the machines' picks and drops, and tasks, run with
// triggers off (a bulk load), as the history a depot brings when it moves to Openyard.
const historySql = `
do $$
begin
  set local session_replication_role = replica;
  insert into containers (container_number, size_id, customer_id, process_id, gate_in_at, dispatched_at)
  select 'HSTU' || lpad(g::text, 7, '0'),
    (select min(id) from container_sizes),
    (select id from customers order by id offset (g % 6) limit 1),
    (select id from container_processes order by id offset (g % 3) limit 1),
    now() - interval '730 days' * (1 - g::float8 / ${VISITS}),
    least(now(), now() - interval '730 days' * (1 - g::float8 / ${VISITS}) + (1 + g % 30) * interval '1 day')
  from generate_series(1, ${VISITS}) g;
  insert into container_movements (container_id, container_number, from_location, to_location, to_area_id,
    to_row_index, to_column_index, to_tier, source, device, moved_at)
  select c.id, c.container_number,
    case when k = 0 then null else 'Y01_1_1_1' end,
    case when k = 5 then null else 'Y01_1_1_1' end,
    case when k = 5 then null else 1 end, case when k = 5 then null else 1 end,
    case when k = 5 then null else 1 end, case when k = 5 then null else 1 end,
    case when k in (1, 3) then 'machine' when k in (0, 5) then 'gate' else 'manual' end,
    case when k in (1, 3) then 'Bench-M' || (1 + c.id % ${MACHINES}) end,
    c.gate_in_at + (c.dispatched_at - c.gate_in_at) * k / 5
  from containers c cross join generate_series(0, 5) k
  where c.container_number like 'HSTU%';
  insert into machines (machine_name, machine_type, secret_hash)
  select 'Bench-M' || g, 'Reach-Stacker', 'unusable' from generate_series(1, ${MACHINES}) g
  where not exists (select 1 from machines where lower(machine_name) = lower('Bench-M' || g));
  insert into machine_events (machine_id, kind, container_number, message_id, occurred_at)
  select m.id, e.kind, mv.container_number, 'hist-' || mv.id || '-' || e.kind,
    mv.moved_at - case when e.kind = 'pick' then interval '1 minute' else interval '0' end
  from container_movements mv join machines m on m.machine_name = mv.device
    cross join (values ('pick'), ('drop')) e(kind)
  where mv.source = 'machine' and mv.container_number like 'HSTU%';
  insert into tasks (container_id, container_number, task_type, assigned_to_machine, source, generated_at,
    completed_at, completed_by_machine)
  select c.id, c.container_number, 'Grounding', 'Bench-M' || (1 + (c.id + k) % ${MACHINES}), 'gate',
    c.gate_in_at + (c.dispatched_at - c.gate_in_at) * k / 4,
    c.gate_in_at + (c.dispatched_at - c.gate_in_at) * (k + 1) / 5,
    case when k % 2 = 0 then 'Bench-M' || (1 + (c.id + k) % ${MACHINES}) end
  from containers c cross join generate_series(0, 3) k
  where c.container_number like 'HSTU%';
end $$`;

async function main() {
  const topology = process.env.BENCH_TOPOLOGY === 'embedded' ? 'embedded' : 'postgres';
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-bench-dashboard-'));
  const database = topology === 'postgres' ? await createDatabase() : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: '0',
    LOG_LEVEL: 'warn',
    TIME_ZONE,
    // The bulk load of the history runs on the server's connection: minutes, once.
    DATABASE_STATEMENT_TIMEOUT_MS: '0',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    WEB_DIR: resolve('web/dist'),
    INGEST_CLIENT_ID: `oy-bench-dash-${randomBytes(3).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const log = (line: string) => console.log(`[${topology}] ${line}`);
  let child: Child | null = null;
  try {
    let at = Date.now();
    const seeded = await seedYard(env);
    log(`yard: ${fmt(seeded.inYard)} containers in it, seeded in ${fmt((Date.now() - at) / 1000, 1)} s`);
    child = await startChild('dashboard');
    const { baseUrl } = await child.call({ op: 'start', env });
    at = Date.now();
    await child.call({ op: 'sql', text: historySql });
    log(
      `history: ${fmt(VISITS)} visits, ${fmt(VISITS * 2)} gate events, ${fmt(VISITS * 6)} movements, ${fmt(VISITS * 4)} tasks, in ${fmt((Date.now() - at) / 1000, 1)} s`,
    );
    at = Date.now();
    await child.call({ op: 'sql', text: `select dashboard_rollups_cut('${TIME_ZONE}')` });
    const backfillSeconds = (Date.now() - at) / 1000;
    const [counts] = await child.call({
      op: 'sql',
      text: 'select (select count(*) from dashboard_yard_days) as days',
    });
    log(`rollup cut from the history in ${fmt(backfillSeconds, 1)} s: ${String(counts?.days)} yard days`);
    await child.call({ op: 'sql', text: topology === 'postgres' ? 'vacuum analyze' : 'analyze' });

    const { token } = await benchLogin(baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    // The machines' rollup was built at the server's start, before the history: forgotten, the first
    // machine-tasks request builds it again from the whole history (what an upgrade costs once).
    await child.call({ op: 'sql', text: 'delete from machine_day_stats_builds' });
    at = Date.now();
    const rebuilt = await fetch(`${baseUrl}/rest/enterprise-dashboard/machine-tasks?days=1`, { headers });
    if (!rebuilt.ok) throw new Error(`machine-tasks answered ${rebuilt.status}`);
    const machineRebuildSeconds = (Date.now() - at) / 1000;
    const [machineDays] = await child.call({
      op: 'sql',
      text: 'select count(*)::int as rows from machine_day_stats where shift_id is null',
    });
    log(
      `machines' rollup built from the history in ${fmt(machineRebuildSeconds, 1)} s: ${String(machineDays?.rows)} machine days`,
    );
    const load = (path: (index: number) => string, seconds = SECONDS) =>
      pacedLoad({ baseUrl, rate: RATE, durationMs: seconds * 1000, path, headers });
    const dashboardPath = (index: number) => PATHS[index % PATHS.length]!;
    // Warm-up: each call a few times.
    await load(dashboardPath, 2);
    const standing = await load(dashboardPath);
    // The yard changing ten times a second: the figures of the yard as it stands are computed anew.
    let changing = true;
    const changes = (async () => {
      while (changing) {
        await child.call({ op: 'sql', text: 'update inventory_state set version = version + 1 where id = 1' });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const moving = await load(dashboardPath);
    changing = false;
    await changes;
    const baseline = await load(() => '/rest/health', Math.min(SECONDS, 10));
    // Each call alone, at the same rate, yard changing: which one is the slowest.
    const perCall: { path: string; figures: PacedFigures }[] = [];
    for (const path of PATHS) perCall.push({ path, figures: await load(() => path, 3) });

    const row = (name: string, figures: PacedFigures) => [
      name,
      figures.requests,
      fmt(figures.achievedPerSec),
      fmt(figures.p50, 1),
      fmt(figures.p99, 1),
      figures.errors + figures.non2xx,
      fmt(figures.kbPerRequest, 1),
    ];
    console.log(
      table([
        ['call', 'n', 'per s', 'p50 ms', 'p99 ms', 'failed', 'kB'],
        row('every dashboard call in turn, yard standing', standing),
        row('the same, yard changing 10/s', moving),
        row('GET /rest/health (baseline)', baseline),
        ...perCall.map(({ path, figures }) => row(path.replace('/rest/enterprise-dashboard/', '  '), figures)),
      ]),
    );
    console.log(
      JSON.stringify({
        dashboardP99Ms: round(Math.max(standing.p99 ?? 0, moving.p99 ?? 0), 1),
        dashboardStandingP99Ms: round(standing.p99, 1),
        dashboardChangingP99Ms: round(moving.p99, 1),
        dashboardP50Ms: round(moving.p50, 1),
        slowestCallP99Ms: round(Math.max(...perCall.map((each) => each.figures.p99 ?? 0)), 1),
        baselineP99Ms: round(baseline.p99, 1),
        failed: standing.errors + standing.non2xx + moving.errors + moving.non2xx,
        backfillSeconds: round(backfillSeconds, 1),
        machineRebuildSeconds: round(machineRebuildSeconds, 1),
        rate: RATE,
        visits: VISITS,
        gateEvents: VISITS * 2,
        movements: VISITS * 6,
        machineEvents: VISITS * 4,
        tasks: VISITS * 4,
        containersInYard: seeded.inYard,
        topology,
        database: topology === 'postgres' ? new URL(SERVICES.postgresUrl).host : 'PGlite',
      }),
    );
  } finally {
    await child?.close();
    await database?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, main);
