// `npm run bench:scaleout`: scale-out evidence of issue 23, on the compose file's topology as
// processes (bench/lib/topology.ts: N × ROLE=server + N × ROLE=workers on PostgreSQL, Redis and
// Mosquitto, a fresh database each), for N in SCALEOUT_PAIRS (1,2):
//   0. the broker's raw rate (baseline, once): SCALEOUT_CEILING_MESSAGES QoS 1 messages from 20
//      publishers to one subscriber on Mosquitto, nothing else (as bench:pipeline's ceiling);
//   1. pipeline throughput: SCALEOUT_READERS RFID readers publish tag reads in a closed loop (at most
//      SCALEOUT_WINDOW published and not yet stored) for SCALEOUT_SECONDS; tag reads stored a second
//      (counted in PostgreSQL by this run's message ids), after a warm-up of 3 s;
//   2. REST capacity of a read route (GET /rest/tasks, the tasks screen's first page) and a write
//      route (POST /rest/tasks, one task): open-loop steps of SCALEOUT_RATES requests a second for
//      SCALEOUT_STEP_SECONDS each, the clients round-robin over the servers; capacity is the highest
//      step answered in full at ≥ 95 % of its rate with p99 ≤ SCALEOUT_P99_MS.
// The CPU of each process (servers, workers, PostgreSQL, Redis, Mosquitto, this bench) is measured
// over each phase: on a machine with fewer cores than processes the ratio says how the cores were
// shared, not what a second pair adds. Prints tables and, last, one JSON line.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { topics as deviceTopics } from '@openyard/contracts';
import { benchClient, benchLogin, type BenchClient } from './lib/api';
import { machineCpu, processCpu, processesCpu, servicesCpu } from './lib/cpu';
import { runIfMain } from './lib/main';
import { SERVICES, servicesUnavailable } from './lib/services';
import { startScaledStack, type LoadStack } from './lib/topology';
import { brokerCeiling, closeFleet, connectFleet } from '../loadtest/node/load';
import { evenArrivals, openLoop } from '../loadtest/node/open-loop';
import { fmt, percentiles, round, sleep, table } from '../loadtest/node/stats';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const PAIRS = (process.env.SCALEOUT_PAIRS ?? '1,2').split(',').map(Number);
const READERS = number('SCALEOUT_READERS', 20);
const SECONDS = number('SCALEOUT_SECONDS', 15);
const WINDOW = number('SCALEOUT_WINDOW', 2000);
const CEILING_MESSAGES = number('SCALEOUT_CEILING_MESSAGES', 20_000);
const RATES = (process.env.SCALEOUT_RATES ?? '10,25,50,100,200,400,800').split(',').map(Number);
const STEP_SECONDS = number('SCALEOUT_STEP_SECONDS', 5);
const P99_MS = number('SCALEOUT_P99_MS', 100);
const WARM_UP_MS = 3000;

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');

// CPU of every process over a phase, in % of one core.
function cpuMeter(stack: LoadStack) {
  const openyard = processesCpu(stack.processes());
  const services = servicesCpu();
  const bench = processCpu();
  const machine = machineCpu();
  return () => ({
    ...Object.fromEntries(openyard().map((entry) => [entry.name, round(entry.cpuPercent)])),
    ...Object.fromEntries(Object.entries(services() ?? {}).map(([name, value]) => [name, round(value)])),
    bench: round(bench()),
    machineAllCores: round(machine()),
  });
}

async function brokerBaseline() {
  const prefix = `oy-scaleout-${randomBytes(3).toString('hex')}`;
  const publishers = await connectFleet(
    SERVICES.mqttUrl,
    Array.from({ length: 20 }, (_, i) => ({ clientId: `${prefix}-p${i}` })),
  );
  const [subscriber] = await connectFleet(SERVICES.mqttUrl, [{ clientId: `${prefix}-s` }]);
  try {
    await subscriber!.subscribeAsync(`openyard-bench/${prefix}/#`, { qos: 1 });
    const run = (total: number) =>
      brokerCeiling({
        publishers,
        topics: publishers.map((_, i) => `openyard-bench/${prefix}/${i}`),
        subscriber: subscriber!,
        total,
        // Mosquitto as Debian ships it drops for a subscriber with ≈500 outstanding (bench:pipeline).
        window: 200,
        payload: (sequence) =>
          JSON.stringify({ messageId: `${prefix}-${sequence}`, timestamp: Date.now(), tagId: 'C' }),
      });
    await run(Math.min(5000, CEILING_MESSAGES));
    const best = [await run(CEILING_MESSAGES), await run(CEILING_MESSAGES)].sort(
      (a, b) => b.msgsPerSec - a.msgsPerSec,
    )[0]!;
    return { msgsPerSec: round(best.msgsPerSec)!, dropped: best.dropped };
  } finally {
    await closeFleet([...publishers, subscriber!]);
  }
}

async function pipeline(stack: LoadStack, api: BenchClient, tag: string) {
  const gate = await api.gates.create({
    body: { name: `SO-${tag}`, type: 'IN', positionLat: 18.94, positionLong: 72.95 },
  });
  const readers = [];
  for (let i = 0; i < READERS; i += 1) {
    const saved = await api.gates.createReader({
      body: { name: `SO-${tag}-R${i + 1}`, readerType: 'GATEIN', ip: `10.80.0.${i + 1}`, gate: { id: gate.gate.id } },
    });
    readers.push({ id: saved.reader.id, ...saved.credentials! });
  }
  const clients = await connectFleet(stack.brokerUrl, readers.map(stack.deviceLogin));
  const run = `so${tag}`;
  const storedCount = async () =>
    Number((await stack.query(`select count(*)::int as n from tag_reads where message_id like '${run}-%'`))[0]!.n);
  let published = 0;
  let stored = 0;
  let stop = false;
  const poller = (async () => {
    while (!stop) {
      stored = await storedCount();
      await sleep(200);
    }
  })();
  const publisher = (async () => {
    while (!stop) {
      while (!stop && published - stored < WINDOW) {
        const index = published % clients.length;
        const sequence = published;
        published += 1;
        clients[index]!.publish(
          deviceTopics.readerTag(readers[index]!.id),
          JSON.stringify({ messageId: `${run}-${sequence}`, timestamp: Date.now(), tagId: `S${sequence}` }),
          { qos: 1 },
        );
      }
      await sleep(5);
    }
  })();
  try {
    // The workers' shared subscription may take a moment on a busy machine: measured from the
    // first stored read on, after a warm-up.
    const firstBy = Date.now() + 60_000;
    while (stored === 0 && Date.now() < firstBy) await sleep(200);
    await sleep(WARM_UP_MS);
    const cpu = cpuMeter(stack);
    const from = { at: performance.now(), stored: await storedCount() };
    await sleep(SECONDS * 1000);
    const to = { at: performance.now(), stored: await storedCount() };
    const processes = cpu();
    return {
      storedPerSec: round(((to.stored - from.stored) / (to.at - from.at)) * 1000)!,
      published,
      cpu: processes,
    };
  } finally {
    stop = true;
    await Promise.all([poller, publisher]);
    await closeFleet(clients);
  }
}

// Open-loop steps of rising rate against one route until a step misses the bound.
async function capacity(
  stack: LoadStack,
  apis: BenchClient[],
  call: (api: BenchClient, index: number) => Promise<unknown>,
) {
  const steps = [];
  let best = 0;
  for (const rate of RATES) {
    const cpu = cpuMeter(stack);
    const arrivals = evenArrivals(rate, STEP_SECONDS * 1000);
    const run = await openLoop({
      arrivals,
      startAt: Date.now() + 200,
      send: async (index) => void (await call(apis[index % apis.length]!, index)),
    });
    const latency = percentiles(run.latencies);
    const achievedPerSec = (run.completed / Math.max(run.endedAt - run.startedAt, STEP_SECONDS * 1000)) * 1000;
    const held = run.failed === 0 && achievedPerSec >= 0.95 * rate && (latency.p99 ?? Infinity) <= P99_MS;
    steps.push({
      rate,
      achievedPerSec: round(achievedPerSec, 1),
      p50Ms: round(latency.p50, 1),
      p99Ms: round(latency.p99, 1),
      errors: run.failed,
      failures: run.failures,
      held,
      cpu: cpu(),
    });
    if (!held) break;
    best = rate;
    await sleep(1000);
  }
  // On a machine too busy for the lowest step, what it carried there still says something.
  const mostAchievedPerSec = Math.max(...steps.map((step) => step.achievedPerSec ?? 0));
  return { capacityPerSec: best, mostAchievedPerSec, steps };
}

async function runPairs(pairs: number) {
  const log = (line: string) => console.log(`[${pairs} pair${pairs > 1 ? 's' : ''}] ${line}`);
  const tag = randomBytes(3).toString('hex');
  const stack = await startScaledStack(pairs);
  try {
    log(`servers ${stack.baseUrls.join(', ')}; load average ${loadavg()}`);
    const { token } = await benchLogin(stack.baseUrls[0]!);
    const apis = stack.baseUrls.map((url) => benchClient(url, token));
    const flow = await pipeline(stack, apis[0]!, tag);
    log(`pipeline: ${fmt(flow.storedPerSec)} tag reads stored/s; CPU ${JSON.stringify(flow.cpu)}`);
    const read = await capacity(stack, apis, (api) =>
      api.tasks.page({
        query: { skip: 0, limit: 15, includeCompleted: false, sortBy: 'generateDate', sortOrder: 'desc' },
      }),
    );
    log(`read (GET /rest/tasks): ${read.capacityPerSec}/s at p99 ≤ ${P99_MS} ms`);
    for (const step of read.steps)
      if (step.errors) log(`read failures at ${step.rate}/s: ${JSON.stringify(step.failures)}`);
    const write = await capacity(stack, apis, (api, index) =>
      api.tasks.save({
        body: [
          {
            containerNumber: `SOBU${String(index).padStart(7, '0')}`,
            taskType: 'Shifting',
            deliveryMode: 'Loaded',
            fromLocation: 'Import Zone',
            toLocation: 'Export Zone',
            assignedToMachine: 'ALL',
          },
        ],
      }),
    );
    log(`write (POST /rest/tasks): ${write.capacityPerSec}/s at p99 ≤ ${P99_MS} ms`);
    for (const step of write.steps)
      if (step.errors) log(`write failures at ${step.rate}/s: ${JSON.stringify(step.failures)}`);
    for (const [name, result] of [
      ['GET /rest/tasks', read],
      ['POST /rest/tasks', write],
    ] as const)
      console.log(
        table([
          [name, 'achieved/s', 'p50 ms', 'p99 ms', 'errors', 'held', 'CPU % of one core'],
          ...result.steps.map((step) => [
            `${step.rate}/s`,
            fmt(step.achievedPerSec, 1),
            fmt(step.p50Ms, 1),
            fmt(step.p99Ms, 1),
            step.errors,
            step.held ? 'yes' : 'no',
            Object.entries(step.cpu)
              .map(([process, value]) => `${process} ${fmt(value)}`)
              .join(', '),
          ]),
        ]),
      );
    return { pairs, loadavg: loadavg(), pipeline: flow, read, write };
  } finally {
    await stack.stop();
  }
}

async function main() {
  const unavailable = await servicesUnavailable();
  if (unavailable) throw new Error(`bench:scaleout needs PostgreSQL, Redis and Mosquitto: ${unavailable}`);
  const loadavgBefore = loadavg();
  console.log(`${availableParallelism()} cores; load average ${loadavgBefore}`);
  const broker = await brokerBaseline();
  console.log(`broker raw rate (Mosquitto, 20 → 1, QoS 1): ${fmt(broker.msgsPerSec)} msg/s`);
  const results = [];
  for (const pairs of PAIRS) results.push(await runPairs(pairs));
  const first = results[0]!;
  const last = results[results.length - 1]!;
  const ratio = (a: number, b: number) => (b ? round(a / b, 2) : null);
  console.log(
    table([
      ['pairs', 'pipeline stored/s', 'of broker raw rate', 'GET /rest/tasks /s', 'POST /rest/tasks /s'],
      ...results.map((result) => [
        result.pairs,
        fmt(result.pipeline.storedPerSec),
        `${fmt((result.pipeline.storedPerSec / broker.msgsPerSec) * 100, 1)} %`,
        result.read.capacityPerSec,
        result.write.capacityPerSec,
      ]),
    ]),
  );
  console.log(
    JSON.stringify({
      cores: availableParallelism(),
      loadavgBefore,
      loadavgAfter: loadavg(),
      p99BoundMs: P99_MS,
      brokerRawMsgsPerSec: broker.msgsPerSec,
      pipelineRatio: ratio(last.pipeline.storedPerSec, first.pipeline.storedPerSec),
      readRatio: ratio(last.read.capacityPerSec, first.read.capacityPerSec),
      writeRatio: ratio(last.write.capacityPerSec, first.write.capacityPerSec),
      pipelineOfBroker: results.map((result) => round(result.pipeline.storedPerSec / broker.msgsPerSec, 3)),
      runs: results,
    }),
  );
}

runIfMain(import.meta.url, main);
