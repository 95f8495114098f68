// `npm run bench:tasks`: the tasks' figures of issue 17 on a yard of BENCH_MACHINES (200) machines
// publishing telemetry at 1 Hz, with BENCH_TASKS (100,000) tasks of history.
//
//   1. Starts Openyard in a child process (bench/lib/stack-child.ts) as `npm start` runs it (embedded:
//      PGlite, aedes, in-process queue; BENCH_TOPOLOGIES=services for PostgreSQL, Redis, Mosquitto).
//      The machines are made and connected by bench/machines.ts (`benchMachines`); the history is
//      seeded with one SQL statement in the server's process: a month of tasks over those machines
//      and ALL, the newest BENCH_OPEN_TASKS (1,000) still open.
//   2. For the whole measured phase every machine publishes telemetry at 1 Hz, and bench/machines.ts's
//      measurement (`markerMeasurement`) times each position to its `machine.position.v1` message at a
//      websocket client subscribed as /machines is: the marker figure.
//   3. Meanwhile, one after another, evenly paced at BENCH_LIST_RATE (200) requests a second for
//      BENCH_LIST_SECONDS (10) each (open loop, from a worker thread): GET /rest/tasks as the screen
//      opens it (default sort, first page), the same with a search (a container number fragment or a
//      machine name), and GET /rest/health as the baseline of the same run.
//   4. Then BENCH_DROPS (40) drops: a task for a container on top of a stack, assigned to one of the
//      machines; the machine publishes its drop over MQTT onto another stack; the time from the
//      publish until a websocket client subscribed to `inventory` (as /inventory is) and `tasks` has
//      both the task's completed message and the container's new slot.
// The last line printed is one JSON object:
// {"taskListP99Ms","dropToScreenP95Ms","markerP95Ms","baselineP99Ms",…}.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import { PAGE_SIZES, slotGeoPosition, topics as deviceTopics } from '@openyard/contracts';
import { benchLogin } from './lib/api';
import { startChild, type Child } from './lib/child';
import { closeFleet, liveClient, type LiveEvent } from '../loadtest/node/load';
import { runIfMain } from './lib/main';
import { pacedLoad, type PacedFigures } from '../loadtest/node/paced';
import { createDatabase, dropRedisPrefix, forgetMqttSession, SERVICES } from './lib/services';
import { stackEnv, type Topology } from './lib/stack-env';
import { fmt, percentiles, round, sleep, table } from '../loadtest/node/stats';
import { benchMachines, markerMeasurement, type BenchMachine, type Phase } from './machines';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const MACHINES = number('BENCH_MACHINES', 200);
const TASKS = number('BENCH_TASKS', 100_000);
const OPEN_TASKS = number('BENCH_OPEN_TASKS', 1000);
const LIST_RATE = number('BENCH_LIST_RATE', 200);
const LIST_SECONDS = number('BENCH_LIST_SECONDS', 10);
const DROPS = number('BENCH_DROPS', 40);
const DROP_SPACING_MS = 300;
// A drop not on the screen this long after its publish counts as missed.
const MISSED_AFTER_MS = 5000;
const TOPOLOGIES = (process.env.BENCH_TOPOLOGIES ?? 'embedded').split(',') as Topology[];
const PROFILE = process.env.BENCH_PROFILE === '1';
const TASK_TYPES = ['Grounding', 'Offloading', 'Loading', 'Shifting', 'Weighbridge'];

const machineName = (tag: string, index: number) => `Bench-${tag}-M${index + 1}`;

// A month of history in one statement: container numbers BNCU0000001…, every tenth task for ALL,
// the others spread over the bench's machines, completed by their machine ten minutes after they
// were made, except the newest OPEN_TASKS.
function seedSql(tag: string) {
  const types = TASK_TYPES.map((type) => `'${type}'`).join(', ');
  return `
    insert into tasks (container_number, task_type, delivery_mode, from_location, to_location,
      assigned_to_machine, source, generated_at, completed_at, completed_by_machine)
    select 'BNCU' || lpad(g::text, 7, '0'),
      (array[${types}])[1 + g % ${TASK_TYPES.length}],
      (array['Loaded', 'Empty'])[1 + g % 2],
      'Trailer',
      (array['Import Zone', 'Export Zone', 'Slot'])[1 + g % 3],
      case when g % 10 = 0 then 'ALL' else 'Bench-${tag}-M' || (1 + g % ${MACHINES}) end,
      (array['gate', 'user', 'planning'])[1 + g % 3],
      now() - (${TASKS} - g) * interval '26 seconds',
      case when g <= ${TASKS - OPEN_TASKS} then now() - (${TASKS} - g) * interval '26 seconds' + interval '10 minutes' end,
      case when g <= ${TASKS - OPEN_TASKS} and g % 10 <> 0 then 'Bench-${tag}-M' || (1 + g % ${MACHINES}) end
    from generate_series(1, ${TASKS}) g`;
}

// Stacks of 20 ft columns (not half of a 40 ft pair) in the geo-referenced areas, with their top
// tier, the 20 ft container on top, and their area's corners.
const STACKS_SQL = `
  with stacks as (
    select area_id, row_index, column_index, max(tier)::int as top
    from container_positions group by area_id, row_index, column_index)
  select a.id::int as area_id, r.index::int as row_index, c.index::int as column_index,
    coalesce(s.top, 0)::int as top, a.max_height::int as max_height,
    (select max(index) from yard_rows where area_id = a.id)::int as rows,
    (select max(index) from yard_columns where area_id = a.id)::int as columns,
    a.lat1::float8 as lat1, a.long1::float8 as long1, a.lat2::float8 as lat2, a.long2::float8 as long2,
    a.lat3::float8 as lat3, a.long3::float8 as long3, a.lat4::float8 as lat4, a.long4::float8 as long4,
    (select k.container_number from container_positions p
       join containers k on k.id = p.container_id join container_sizes z on z.id = k.size_id
     where p.area_id = a.id and p.row_index = r.index and p.column_index = c.index and p.tier = s.top
       and z.length_feet = 20) as top_number
  from yard_areas a
    join yard_rows r on r.area_id = a.id
    join yard_columns c on c.area_id = a.id
    left join stacks s on s.area_id = a.id and s.row_index = r.index and s.column_index = c.index
  where a.lat1 is not null and not c.merged
    and not exists (select 1 from yard_columns m where m.area_id = a.id and m.index = c.index - 1 and m.merged)
  order by a.id, r.index, c.index`;

interface StackRow {
  row_index: number;
  column_index: number;
  top: number;
  max_height: number;
  rows: number;
  columns: number;
  lat1: number;
  long1: number;
  lat2: number;
  long2: number;
  lat3: number;
  long3: number;
  lat4: number;
  long4: number;
  top_number: string | null;
}

const pointOf = (stack: StackRow) =>
  slotGeoPosition(
    [
      { latitude: stack.lat1, longitude: stack.long1 },
      { latitude: stack.lat2, longitude: stack.long2 },
      { latitude: stack.lat3, longitude: stack.long3 },
      { latitude: stack.lat4, longitude: stack.long4 },
    ],
    { rows: stack.rows, columns: stack.columns },
    { row: stack.row_index, column: stack.column_index },
  );

// The drops: each takes the container on top of one stack onto another stack with room (every
// stack used once, so no drop changes another's).
function dropPlan(stacks: StackRow[], count: number) {
  const sources = stacks.filter((stack) => stack.top_number !== null);
  const used = new Set<StackRow>();
  const plan: { containerNumber: string; target: StackRow }[] = [];
  for (const source of sources) {
    if (plan.length === count) break;
    if (used.has(source)) continue;
    const target = stacks.find((stack) => !used.has(stack) && stack !== source && stack.top < stack.max_height);
    if (!target) break;
    used.add(source);
    used.add(target);
    plan.push({ containerNumber: source.top_number!, target });
  }
  return plan;
}

async function measureDrops({
  child,
  baseUrl,
  cookie,
  api,
  tag,
  machines,
  fleet,
  startHeight,
}: {
  child: Child;
  baseUrl: string;
  cookie: string;
  api: Awaited<ReturnType<typeof benchLogin>>['api'];
  tag: string;
  machines: BenchMachine[];
  fleet: MqttClient[];
  startHeight: number;
}) {
  const stacks = (await child.call({ op: 'sql', text: STACKS_SQL })) as unknown as StackRow[];
  const plan = dropPlan(stacks, DROPS);
  if (plan.length < DROPS) console.log(`only ${plan.length} drops fit the yard (of ${DROPS})`);
  // Per drop: when it was published, and when each of its two messages arrived.
  const waiting = new Map<string, { taskId: number; publishedAt: number; taskAt?: number; slotAt?: number }>();
  const samples: number[] = [];
  const done = (key: string) => {
    const entry = waiting.get(key);
    if (!entry?.taskAt || !entry.slotAt) return;
    samples.push(Math.max(entry.taskAt, entry.slotAt) - entry.publishedAt);
    waiting.delete(key);
  };
  const client = await liveClient(baseUrl, cookie, ['inventory', 'tasks'], (message: LiveEvent, receivedAt) => {
    if (message.type === 'tasks.changed.v1') {
      const data = message.data as { change: string; tasks: { taskId: number; containerNumber: string }[] };
      if (data.change !== 'completed') return;
      for (const task of data.tasks) {
        const entry = waiting.get(task.containerNumber);
        if (entry && entry.taskId === task.taskId) {
          entry.taskAt = receivedAt;
          done(task.containerNumber);
        }
      }
    } else if (message.type === 'inventory.slot.v1') {
      const data = message.data as { container: { number: string }; source: string };
      const entry = waiting.get(data.container.number);
      if (entry && data.source === 'machine') {
        entry.slotAt = receivedAt;
        done(data.container.number);
      }
    }
  });
  let missed = 0;
  try {
    for (const [index, { containerNumber, target }] of plan.entries()) {
      const machine = index % machines.length;
      const [task] = (
        await api.tasks.save({
          body: [
            {
              containerNumber,
              taskType: 'Grounding',
              deliveryMode: 'Loaded',
              fromLocation: 'Trailer',
              toLocation: 'Import Zone',
              assignedToMachine: machineName(tag, machine),
            },
          ],
        })
      ).tasks;
      await sleep(DROP_SPACING_MS);
      const publishedAt = Date.now();
      waiting.set(containerNumber, { taskId: task!.taskId, publishedAt });
      await fleet[machine]!.publishAsync(
        deviceTopics.machineEvent(machines[machine]!.id),
        JSON.stringify({
          messageId: `${tag}-drop-${index}`,
          timestamp: publishedAt,
          kind: 'drop',
          containerNumber,
          // The tier above the target stack's top, as a height name (START_HEIGHT counts the ground).
          height: target.top + startHeight,
          ...pointOf(target),
        }),
        { qos: 1 },
      );
    }
    const deadline = Date.now() + MISSED_AFTER_MS;
    while (waiting.size && Date.now() < deadline) await sleep(20);
    missed = waiting.size;
  } finally {
    await client.close();
  }
  const exceptions = (await api.tasks.yardExceptions({ query: { limit: 1000 } })).totalCount;
  return { samples, missed, planned: plan.length, exceptions };
}

async function runTopology(topology: Topology) {
  const tag = randomBytes(4).toString('hex');
  const prefix = `oy-bench-${tag}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-bench-'));
  const database = topology === 'services' ? await createDatabase() : null;
  const log = (line: string) => console.log(`[${topology}] ${line}`);
  let child: Child | null = null;
  let fleet: MqttClient[] = [];
  let ingestClientIds: string[] = [];
  let markers: Awaited<ReturnType<typeof markerMeasurement>> | null = null;
  try {
    child = await startChild(topology);
    const env = stackEnv(topology, { dataDir, prefix, ...(database ? { databaseUrl: database.url } : {}) });
    const started = await child.call({ op: 'start', env });
    ingestClientIds = started.ingestClientIds;
    const { baseUrl } = started;
    const brokerUrl = started.brokerUrl ?? SERVICES.mqttUrl;
    const { api, cookie, token } = await benchLogin(baseUrl);

    let at = Date.now();
    const made = await benchMachines({ api, brokerUrl, topology, prefix, tag, count: MACHINES });
    fleet = made.fleet;
    const { machines } = made;
    log(`${machines.length} machines made and connected in ${fmt((Date.now() - at) / 1000, 1)} s`);
    at = Date.now();
    await child.call({ op: 'sql', text: seedSql(tag) });
    // What keeps the planner's figures: PostgreSQL's autovacuum (a history this size is vacuumed
    // within a minute of its inserts), PGlite's AnalyzeEmbedded job (statistics only).
    await child.call({ op: 'sql', text: topology === 'services' ? 'vacuum analyze tasks' : 'analyze tasks' });
    log(`${TASKS} tasks of history (${OPEN_TASKS} open) seeded in ${fmt((Date.now() - at) / 1000, 1)} s`);

    markers = await markerMeasurement({ child, baseUrl, cookie, machines, fleet, tag });
    // Warm-up: every machine once.
    await markers.drive(MACHINES, 1);

    const headers = { authorization: `Bearer ${token}` };
    const pageQuery = `skip=0&limit=${PAGE_SIZES.tasks}&includeCompleted=false&sortBy=generateDate&sortOrder=desc`;
    const searchOf = (index: number) =>
      index % 2 === 0
        ? String((index * 7919) % 10_000).padStart(4, '0')
        : encodeURIComponent(machineName(tag, index % MACHINES));
    const paths = {
      list: () => `/rest/tasks?${pageQuery}`,
      search: (index: number) => `/rest/tasks?${pageQuery}&searchText=${searchOf(index)}`,
      health: () => '/rest/health',
    };
    const load = (path: (index: number) => string, seconds = LIST_SECONDS) =>
      pacedLoad({ baseUrl, rate: LIST_RATE, durationMs: seconds * 1000, path, headers });

    const listSeconds = LIST_SECONDS * 3 + 4;
    const dropSeconds = Math.ceil((DROPS * (DROP_SPACING_MS + 60)) / 1000) + 4;
    // The yard's telemetry for the whole measured phase, the marker figure with it.
    const telemetry = markers.drive(MACHINES, listSeconds + dropSeconds);
    await load(paths.list, 2);
    await load(paths.search, 2);
    // BENCH_PROFILE=1: where the server spends its CPU during the first-page phase.
    if (PROFILE) await child.call({ op: 'profileStart' });
    const list = await load(paths.list);
    const profile = PROFILE ? await child.call({ op: 'profileStop' }) : null;
    const search = await load(paths.search);
    const baseline = await load(paths.health);
    const drops = await measureDrops({
      child,
      baseUrl,
      cookie,
      api,
      tag,
      machines,
      fleet,
      startHeight: Number(env.START_HEIGHT ?? 1),
    });
    const marker: Phase = await telemetry;

    const dropFigures = percentiles(drops.samples);
    const markerFigures = percentiles(marker.latencies);
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
        row('GET /rest/tasks (first page)', list),
        row('GET /rest/tasks (search)', search),
        row('GET /rest/health (baseline)', baseline),
      ]),
    );
    console.log(
      table([
        ['published → on the screen', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'missed'],
        [
          'drop → task completed and new slot (inventory, tasks)',
          dropFigures.count,
          fmt(dropFigures.p50, 1),
          fmt(dropFigures.p95, 1),
          fmt(dropFigures.p99, 1),
          drops.missed,
        ],
        [
          `telemetry → marker (${MACHINES} machines at 1 Hz)`,
          markerFigures.count,
          fmt(markerFigures.p50, 1),
          fmt(markerFigures.p95, 1),
          fmt(markerFigures.p99, 1),
          marker.missed,
        ],
      ]),
    );
    if (profile) {
      log(`server CPU profile, first-page phase (${fmt(profile.idlePercent)} % idle)`);
      console.log(
        table([
          ['where', '% of busy'],
          ...profile.categories
            .filter((entry) => entry.percent >= 1)
            .map((entry) => [entry.name, fmt(entry.percent, 1)]),
          ...profile.topFunctions.slice(0, 12).map((entry) => [entry.name.slice(0, 100), fmt(entry.percent, 1)]),
        ]),
      );
    }
    if (drops.exceptions) log(`${drops.exceptions} yard exceptions raised`);
    if (marker.server)
      log(
        `server over the telemetry phase: CPU ${fmt(marker.server.cpuPercent)} %, event-loop delay p99 ${fmt(marker.server.eventLoopDelayP99Ms, 1)} ms`,
      );
    return {
      topology,
      list,
      search,
      baseline,
      drop: { ...dropFigures, missed: drops.missed, exceptions: drops.exceptions },
      marker: { ...markerFigures, missed: marker.missed, published: marker.published },
    };
  } finally {
    await markers?.close().catch(() => undefined);
    await closeFleet(fleet).catch(() => undefined);
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
  const listP99 = Math.max(first.list.p99 ?? 0, first.search.p99 ?? 0);
  console.log(
    JSON.stringify({
      taskListP99Ms: round(listP99, 1),
      dropToScreenP95Ms: round(first.drop.p95, 1),
      markerP95Ms: round(first.marker.p95, 1),
      baselineP99Ms: round(first.baseline.p99, 1),
      taskListP99OverBaseline: round(listP99 / (first.baseline.p99 || 1), 2),
      taskListPageP99Ms: round(first.list.p99, 1),
      taskListSearchP99Ms: round(first.search.p99, 1),
      listRate: LIST_RATE,
      drops: first.drop.count,
      dropsMissed: first.drop.missed,
      markersMissed: first.marker.missed,
      machines: MACHINES,
      tasks: TASKS,
      topology: first.topology,
      topologies: results.map((result) => ({
        topology: result.topology,
        taskListPageP99Ms: round(result.list.p99, 1),
        taskListSearchP99Ms: round(result.search.p99, 1),
        baselineP99Ms: round(result.baseline.p99, 1),
        listAchievedPerSec: round(result.list.achievedPerSec, 1),
        dropToScreenP95Ms: round(result.drop.p95, 1),
        dropsMissed: result.drop.missed,
        yardExceptions: result.drop.exceptions,
        markerP95Ms: round(result.marker.p95, 1),
        markersMissed: result.marker.missed,
      })),
    }),
  );
}

runIfMain(import.meta.url, main);
