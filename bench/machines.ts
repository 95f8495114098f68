// `npm run bench:machines`: machine markers on /machines following telemetry (issue 17: p95 ≤ 500 ms).
//
//   1. Starts Openyard in a child process (bench/lib/stack-child.ts) as `npm start` runs it (embedded:
//      PGlite, aedes, in-process queue; BENCH_TOPOLOGIES=services for PostgreSQL, Redis, Mosquitto).
//   2. BENCH_MACHINES (200) machines of the bench's own, added through the API with their device
//      logins, each connected to the broker as its own MQTT client.
//   3. A websocket client signed in as superadmin and subscribed to `machines`, as the screen is.
//   4. Baseline: one machine publishing telemetry at BENCH_RATE_HZ (1) for BENCH_BASELINE_SECONDS,
//      the pipeline otherwise quiet. Load: every machine publishing at that rate, evenly spread over
//      each second, for BENCH_SECONDS. Each publish carries a position of its own; the time is from
//      the publish to the `machine.position.v1` message carrying that position at the client (both
//      ends in this process, one clock). The hub coalesces positions per machine in 200 ms windows,
//      which at 1 Hz a machine never fills twice, so every position is expected.
// The last line printed is one JSON object: {"markerP95Ms","baselineP95Ms",…}.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import { topics as deviceTopics } from '@openyard/contracts';
import { benchLogin, type BenchClient } from './lib/api';
import { startChild, type Child } from './lib/child';
import type { ChildSample } from './lib/protocol';
import { machineCpu } from './lib/cpu';
import { closeFleet, connectFleet, liveClient, type LiveEvent } from '../loadtest/node/load';
import { runIfMain } from './lib/main';
import { createDatabase, dropRedisPrefix, forgetMqttSession, SERVICES } from './lib/services';
import { stackEnv, type Topology } from './lib/stack-env';
import { fmt, percentiles, round, sleep, table } from '../loadtest/node/stats';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const MACHINES = number('BENCH_MACHINES', 200);
const RATE_HZ = number('BENCH_RATE_HZ', 1);
const SECONDS = number('BENCH_SECONDS', 30);
const BASELINE_SECONDS = number('BENCH_BASELINE_SECONDS', 15);
// A position not seen this long after its publish counts as missed.
const MISSED_AFTER_MS = 5_000;
const TOPOLOGIES = (process.env.BENCH_TOPOLOGIES ?? 'embedded').split(',') as Topology[];
// The demo yard's centre (YARD_CENTER's default): positions stay inside the yard.
const CENTER = { latitude: 18.949, longitude: 72.951 };

async function inGroups<T, R>(items: T[], size: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += size)
    results.push(...(await Promise.all(items.slice(index, index + size).map((item, i) => work(item, index + i)))));
  return results;
}

// A position of its own for each publish: the key the live message is matched by.
function positionOf(machine: number, sequence: number) {
  return {
    latitude: Number((CENTER.latitude + ((machine % 50) - 25) * 0.00002 + (sequence % 997) * 1e-7).toFixed(7)),
    longitude: Number((CENTER.longitude + (Math.floor(machine / 50) - 2) * 0.00004).toFixed(7)),
  };
}
const keyOf = (machineId: number, latitude: number, longitude: number) => `${machineId}:${latitude}:${longitude}`;

export interface Phase {
  published: number;
  latencies: number[];
  missed: number;
  // Positions a newer one of the same machine replaced before they were shown (counted in the
  // latencies until the newer one was).
  superseded: number;
  machineCpuPercent: number | null;
  // The server process over the phase: CPU in % of one core, its transactions and event-loop delay.
  server: ChildSample | null;
}

const serverColumns = (sample: ChildSample | null) =>
  sample
    ? [
        fmt(sample.cpuPercent),
        sample.transactions,
        fmt(sample.transactions ? sample.transactionMs / sample.transactions : null, 1),
        fmt(sample.eventLoopDelayP99Ms, 1),
      ]
    : ['–', '–', '–', '–'];

export interface BenchMachine {
  id: number;
  mqttUsername: string;
  mqttPassword: string;
}

// `count` machines of the bench's own, added through the API with their device logins, each
// connected to the broker as its own MQTT client (bench/tasks.ts makes its yard's machines here too).
export async function benchMachines({
  api,
  brokerUrl,
  topology,
  prefix,
  tag,
  count,
}: {
  api: BenchClient;
  brokerUrl: string;
  topology: Topology;
  prefix: string;
  tag: string;
  count: number;
}): Promise<{ machines: BenchMachine[]; fleet: MqttClient[] }> {
  const machines = await inGroups(Array.from({ length: count }), 4, async (_, i) => {
    const saved = await api.machines.save({
      body: { machineName: `Bench-${tag}-M${i + 1}`, machineType: 'Reach-Stacker' },
    });
    return { id: saved.machine.id, ...saved.credentials! };
  });
  const fleet = await connectFleet(
    brokerUrl,
    machines.map((machine) =>
      topology === 'embedded'
        ? { clientId: machine.mqttUsername, username: machine.mqttUsername, password: machine.mqttPassword }
        : { clientId: `${prefix}-${machine.mqttUsername}` },
    ),
  );
  return { machines, fleet };
}

// The marker measurement (issue 17: markers follow telemetry with p95 ≤ 500 ms): a websocket client
// subscribed to `machines` as the screen is, and `drive(count, seconds)`, which has the first
// `count` machines publish telemetry at RATE_HZ for `seconds` and times each publish to the
// `machine.position.v1` message carrying its position. bench/tasks.ts drives its yard's machines
// with it while it measures the task list and the drops.
export async function markerMeasurement({
  child,
  baseUrl,
  cookie,
  machines,
  fleet,
  tag,
}: {
  child: Child;
  baseUrl: string;
  cookie: string;
  machines: BenchMachine[];
  fleet: MqttClient[];
  tag: string;
}) {
  // The positions in flight, by machine in the order published; a position message resolves the
  // one it carries and every earlier one of its machine: under a backlog a batch keeps only a
  // machine's latest position (the marker shows the newest), so an earlier one is superseded, and
  // the marker has followed it once the newer one is shown.
  const inFlight = new Map<number, { key: string; publishedAt: number }[]>();
  const pending = () => [...inFlight.values()].reduce((sum, list) => sum + list.length, 0);
  let phase: Phase = { published: 0, latencies: [], missed: 0, superseded: 0, machineCpuPercent: null, server: null };
  let resyncs = 0;
  const client = await liveClient(baseUrl, cookie, ['machines'], (message: LiveEvent, receivedAt) => {
    if (message.type === 'resync') resyncs += 1;
    if (message.type !== 'machine.position.v1') return;
    const data = message.data as { machineId: number; position: { latitude: number; longitude: number } };
    const list = inFlight.get(data.machineId);
    const key = keyOf(data.machineId, data.position.latitude, data.position.longitude);
    const index = list?.findIndex((entry) => entry.key === key) ?? -1;
    if (!list || index < 0) return;
    for (const entry of list.splice(0, index + 1)) phase.latencies.push(receivedAt - entry.publishedAt);
    phase.superseded += index;
  });

  // `count` machines each publish at RATE_HZ for `seconds`, machine i at its own offset in the second.
  let phases = 0;
  async function drive(count: number, seconds: number): Promise<Phase> {
    const phaseNumber = (phases += 1);
    phase = { published: 0, latencies: [], missed: 0, superseded: 0, machineCpuPercent: null, server: null };
    const cpu = machineCpu();
    await child.call({ op: 'sample' });
    const periodMs = 1000 / RATE_HZ;
    const total = Math.round(seconds * RATE_HZ);
    const startedAt = performance.now();
    const sends: Promise<unknown>[] = [];
    const schedule: { due: number; machine: number; sequence: number }[] = [];
    for (let sequence = 0; sequence < total; sequence += 1)
      for (let machine = 0; machine < count; machine += 1)
        schedule.push({ due: sequence * periodMs + (machine * periodMs) / count, machine, sequence });
    for (const { due, machine, sequence } of schedule) {
      const wait = startedAt + due - performance.now();
      if (wait > 1) await sleep(wait);
      const device = machines[machine]!;
      const position = positionOf(machine, sequence);
      const publishedAt = Date.now();
      const list = inFlight.get(device.id) ?? [];
      list.push({ key: keyOf(device.id, position.latitude, position.longitude), publishedAt });
      inFlight.set(device.id, list);
      phase.published += 1;
      sends.push(
        fleet[machine]!.publishAsync(
          deviceTopics.machineTelemetry(device.id),
          JSON.stringify({
            messageId: `${tag}-${phaseNumber}-${machine}-${sequence}`,
            timestamp: publishedAt,
            ...position,
            status: 'Working',
          }),
          { qos: 1 },
        ),
      );
    }
    await Promise.allSettled(sends);
    const deadline = Date.now() + MISSED_AFTER_MS;
    while (pending() && Date.now() < deadline) await sleep(20);
    phase.missed = pending();
    phase.machineCpuPercent = cpu();
    phase.server = await child.call({ op: 'sample' });
    inFlight.clear();
    return phase;
  }

  return { drive, resyncs: () => resyncs, close: () => client.close() };
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
  let socket: { close: () => Promise<void> } | null = null;
  try {
    child = await startChild(topology);
    const started = await child.call({
      op: 'start',
      env: stackEnv(topology, { dataDir, prefix, ...(database ? { databaseUrl: database.url } : {}) }),
    });
    ingestClientIds = started.ingestClientIds;
    const { baseUrl } = started;
    const brokerUrl = started.brokerUrl ?? SERVICES.mqttUrl;
    const { api, cookie } = await benchLogin(baseUrl);

    const setupStarted = Date.now();
    const made = await benchMachines({ api, brokerUrl, topology, prefix, tag, count: MACHINES });
    const { machines } = made;
    fleet = made.fleet;
    log(`${machines.length} machines made and connected in ${fmt((Date.now() - setupStarted) / 1000, 1)} s`);

    const markers = await markerMeasurement({ child, baseUrl, cookie, machines, fleet, tag });
    socket = markers;
    const { drive } = markers;

    // Warm-up: every machine once, so the first measured message of each pays no first-time cost.
    await drive(MACHINES, 1);
    const baseline = await drive(1, BASELINE_SECONDS);
    log(`baseline: 1 machine at ${RATE_HZ} Hz for ${BASELINE_SECONDS} s`);
    const load = await drive(MACHINES, SECONDS);
    log(`load: ${MACHINES} machines at ${RATE_HZ} Hz for ${SECONDS} s (${fmt(MACHINES * RATE_HZ)} positions/s)`);

    const base = percentiles(baseline.latencies);
    const loaded = percentiles(load.latencies);
    console.log(
      table([
        [
          'telemetry published → position message at the client',
          'published',
          'seen',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'superseded',
          'missed',
          'machine CPU %',
          'server CPU %',
          'server tx',
          'tx mean ms',
          'loop delay p99 ms',
        ],
        [
          `baseline: 1 machine`,
          baseline.published,
          base.count,
          fmt(base.p50, 1),
          fmt(base.p95, 1),
          fmt(base.p99, 1),
          baseline.superseded,
          baseline.missed,
          fmt(baseline.machineCpuPercent),
          ...serverColumns(baseline.server),
        ],
        [
          `${MACHINES} machines at ${RATE_HZ} Hz`,
          load.published,
          loaded.count,
          fmt(loaded.p50, 1),
          fmt(loaded.p95, 1),
          fmt(loaded.p99, 1),
          load.superseded,
          load.missed,
          fmt(load.machineCpuPercent),
          ...serverColumns(load.server),
        ],
      ]),
    );
    const resyncs = markers.resyncs();
    if (resyncs) log(`${resyncs} resyncs from the hub`);
    return { topology, baseline, load, base, loaded, resyncs };
  } finally {
    await socket?.close().catch(() => undefined);
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
  console.log(
    JSON.stringify({
      markerP95Ms: round(first.loaded.p95, 1),
      markerP50Ms: round(first.loaded.p50, 1),
      markerP99Ms: round(first.loaded.p99, 1),
      baselineP95Ms: round(first.base.p95, 1),
      markerP95OverBaseline: round((first.loaded.p95 ?? 0) / (first.base.p95 || 1), 2),
      published: first.load.published,
      missed: first.load.missed,
      superseded: first.load.superseded,
      machines: MACHINES,
      rateHz: RATE_HZ,
      seconds: SECONDS,
      topology: first.topology,
      topologies: results.map((result) => ({
        topology: result.topology,
        markerP95Ms: round(result.loaded.p95, 1),
        baselineP95Ms: round(result.base.p95, 1),
        missed: result.load.missed,
        resyncs: result.resyncs,
      })),
    }),
  );
}

runIfMain(import.meta.url, main);
