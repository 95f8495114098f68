// `npm run loadtest:yard-day`: the yard-day scenario of issue 23 (the plan: loadtest/node/yard-day-plan.ts)
// against each topology of YARD_DAY_TOPOLOGIES (default embedded,scaled):
//   - embedded: `npm start` in a child process (PGlite, aedes, in-process queue and bus);
//   - scaled: 2 × ROLE=server + 2 × ROLE=workers processes on PostgreSQL, Redis and Mosquitto, a
//     fresh database (YARD_DAY_PAIRS pairs), the clients spread over the servers round-robin.
// Each gets the bench's own 8 lanes (4 IN, 4 OUT, two cameras each), readers, machines, wall
// displays and operators' screens; the containers the OUT lanes dispatch are gated in first (not
// measured). Then every flow runs its open-loop schedule at once, and after a drain the run counts
// what was stored (tag reads, positions, OCR frames by this run's message ids) and what the outbox's
// events of the run should have brought each websocket client, against what it got.
// Knobs: YARD_DAY_MINUTES (10: the whole day), YARD_DAY_SCALE (1), YARD_DAY_HOURS ("0-24"),
// YARD_DAY_FRAMES_PER_TRUCK (2), YARD_DAY_FRAMES_DIR (../shared/fixtures/ocr-gate),
// YARD_DAY_DRAIN_SECONDS (60: how long stored counts may catch up).
// Prints a table per topology and, last, one JSON line (YardDayReport).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { MqttClient } from 'mqtt';
import {
  encodeFrame,
  liveMirrorOf,
  LIVE_MESSAGE_META,
  topics as deviceTopics,
  type DomainEvent,
  type LiveMessage,
} from '@openyard/contracts';
import { projectEvent } from '@openyard/server/live/projection';
import { benchClient, benchLogin, type BenchClient } from '../../bench/lib/api';
import { machineCpu, processesCpu, servicesCpu } from '../../bench/lib/cpu';
import { runIfMain } from '../../bench/lib/main';
import { startEmbeddedStack, startScaledStack, type LoadStack, type LoadTopology } from '../../bench/lib/topology';
import { containerNumber, dispatch, gateIn } from '../../bench/gate';
import { closeFleet, connectFleet, liveClient } from './load';
import { openLoop, type FlowRun } from './open-loop';
import { fmt, round, sleep, table } from './stats';
import {
  FLOWS,
  flowReport,
  planSummary,
  topologyTargets,
  YARD_DAY,
  yardDayOptions,
  yardDayPlan,
  type DeviceReport,
  type FlowName,
  type FlowReport,
  type LiveReport,
  type TopologyReport,
  type YardDayPlan,
  type YardDayReport,
} from './yard-day-plan';

const TOPOLOGIES = (process.env.YARD_DAY_TOPOLOGIES ?? 'embedded,scaled').split(',') as LoadTopology[];
const PAIRS = Number(process.env.YARD_DAY_PAIRS ?? 2);
const DRAIN_MS = Number(process.env.YARD_DAY_DRAIN_SECONDS ?? 60) * 1000;
const FRAMES_DIR = resolve(
  process.env.YARD_DAY_FRAMES_DIR ?? resolve(import.meta.dirname, '../../../shared/fixtures/ocr-gate'),
);
const CAMERAS = ['Front', 'Rear'] as const;
// The demo yard's centre (YARD_CENTER's default): positions stay inside the yard.
const CENTER = { latitude: 18.949, longitude: 72.951 };
// Serials of the OUT lanes' boxes (gated in before the run) and of the IN lanes' (during it).
const IN_SERIAL_BASE = 500_000;

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');

function fixturePhotos(): Buffer[] {
  const files = readdirSync(FRAMES_DIR)
    .filter((name) => /\.jpe?g$/i.test(name))
    .sort();
  if (!files.length) throw new Error(`No JPEG in ${FRAMES_DIR} (YARD_DAY_FRAMES_DIR)`);
  return files.map((name) => readFileSync(join(FRAMES_DIR, name)));
}

// A position of its own for each publish (the key its live message is matched by).
function positionOf(machine: number, sequence: number) {
  return {
    latitude: Number((CENTER.latitude + ((machine % 50) - 25) * 0.00002 + (sequence % 997) * 1e-7).toFixed(7)),
    longitude: Number((CENTER.longitude + (Math.floor(machine / 50) - 2) * 0.00004).toFixed(7)),
  };
}

async function inGroups<T, R>(items: T[], size: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += size)
    results.push(...(await Promise.all(items.slice(index, index + size).map((item, i) => work(item, index + i)))));
  return results;
}

const messageKey = (message: { eventId?: string; type: string; topic?: string }) =>
  `${message.eventId}|${message.type}|${message.topic}`;

// What a client subscribed to `topics` should get of `messages`: the message on its own topic or
// on the topic the hub mirrors it to.
function reaches(message: LiveMessage, topics: readonly string[]): string | null {
  if (topics.includes(message.topic)) return message.topic;
  const mirror = liveMirrorOf(message);
  return mirror && topics.includes(mirror) ? mirror : null;
}

interface Client {
  topics: readonly string[];
  received: Set<string>;
  count: number;
}

async function runTopology(topology: LoadTopology, plan: YardDayPlan, photos: Buffer[]): Promise<TopologyReport> {
  const log = (line: string) => console.log(`[${topology}] ${line}`);
  const tag = randomBytes(3).toString('hex');
  const run = `yd${tag}`;
  const stack: LoadStack = topology === 'embedded' ? await startEmbeddedStack() : await startScaledStack(PAIRS);
  const fleets: MqttClient[] = [];
  const sockets: { close(): Promise<void> }[] = [];
  try {
    log(`up: ${stack.baseUrls.join(', ')}; broker ${stack.brokerUrl}`);
    const { token, cookie } = await benchLogin(stack.baseUrls[0]!);
    const apis = stack.baseUrls.map((url) => benchClient(url, token));
    const api = apis[0]!;
    const apiFor = (index: number): BenchClient => apis[index % apis.length]!;

    // Lanes: gates with two cameras each; readers spread over them; machines.
    const lanes = await inGroups(Array.from({ length: YARD_DAY.lanes }), 4, async (_, lane) => {
      const saved = await api.gates.create({
        body: {
          name: `YD-${tag}-L${lane + 1}`,
          type: lane < YARD_DAY.inLanes ? 'IN' : 'OUT',
          positionLat: 18.94,
          positionLong: 72.95,
          camConfig: CAMERAS.map((id) => ({ id, name: id })),
        },
      });
      return { id: saved.gate.id, ...saved.credentials! };
    });
    const readers = await inGroups(Array.from({ length: plan.readers }), 4, async (_, i) => {
      const lane = i % YARD_DAY.lanes;
      const saved = await api.gates.createReader({
        body: {
          name: `YD-${tag}-R${i + 1}`,
          readerType: lane < YARD_DAY.inLanes ? 'GATEIN' : 'GATEOUT',
          ip: `10.79.${Math.floor(i / 250)}.${(i % 250) + 1}`,
          gate: { id: lanes[lane]!.id },
        },
      });
      return { id: saved.reader.id, ...saved.credentials! };
    });
    const machineName = (index: number) => `YD-${tag}-M${index + 1}`;
    const machines = await inGroups(Array.from({ length: plan.machines }), 4, async (_, i) => {
      const saved = await api.machines.save({ body: { machineName: machineName(i), machineType: 'Reach-Stacker' } });
      return { id: saved.machine.id, ...saved.credentials! };
    });
    const laneClients = await connectFleet(stack.brokerUrl, lanes.map(stack.deviceLogin));
    const readerClients = await connectFleet(stack.brokerUrl, readers.map(stack.deviceLogin));
    const machineClients = await connectFleet(stack.brokerUrl, machines.map(stack.deviceLogin));
    fleets.push(...laneClients, ...readerClients, ...machineClients);
    log(`${lanes.length} lanes, ${readers.length} readers, ${machines.length} machines connected`);

    // The boxes the OUT lanes dispatch, gated in at an IN lane first.
    const outTrucks = plan.trucks.filter((truck) => truck.direction === 'out');
    await inGroups(outTrucks, 8, (truck) => gateIn(api, truck.serial, lanes[0]!.id));
    log(`${outTrucks.length} boxes gated in for the dispatches`);

    // Wall displays and operators' screens, spread over the servers.
    const clients: Client[] = [];
    let socketFailures = 0;
    const telemetrySent = new Map<string, number>();
    const telemetryLatencies: number[] = [];
    const tagLatencies: number[] = [];
    const openClient = async (index: number, topics: readonly string[], measuring: boolean) => {
      const client: Client = { topics, received: new Set(), count: 0 };
      try {
        sockets.push(
          await liveClient(stack.baseUrls[index % stack.baseUrls.length]!, cookie, [...topics], (message, at) => {
            client.count += 1;
            client.received.add(messageKey(message));
            if (!measuring) return;
            if (message.type === 'machine.position.v1') {
              const data = message.data as { machineId: number; position: { latitude: number; longitude: number } };
              const sent = telemetrySent.get(`${data.machineId}:${data.position.latitude}:${data.position.longitude}`);
              if (sent !== undefined) telemetryLatencies.push(at - sent);
            } else if (message.type === 'gate.tag.v1') {
              const data = message.data as { tagRead: { tagId: string; readAt: number } };
              if (data.tagRead.tagId.startsWith(run)) tagLatencies.push(at - data.tagRead.readAt);
            }
          }),
        );
        clients.push(client);
      } catch {
        socketFailures += 1;
      }
    };
    await inGroups(Array.from({ length: plan.displays }), 10, (_, i) => openClient(i, YARD_DAY.displayTopics, i === 0));
    await inGroups(Array.from({ length: plan.operators }), 10, (_, i) =>
      openClient(plan.displays + i, YARD_DAY.operatorTopics, false),
    );
    log(`${clients.length} websocket clients subscribed (${socketFailures} failed)`);

    // The run: every flow's schedule from one start.
    const cpuOfProcesses = processesCpu(stack.processes());
    const cpuOfServices = servicesCpu();
    const cpuOfMachine = machineCpu();
    const startAt = Date.now() + 1000;
    const inTrucks = plan.trucks.filter((truck) => truck.direction === 'in');
    const tasks = new Map<number, Promise<number>>();
    const started = new Map<number, Promise<void>>();
    const flows: Record<FlowName, Promise<FlowRun>> = {
      gateIn: openLoop({
        arrivals: plan.arrivals.gateIn,
        startAt,
        send: (i) => gateIn(apiFor(i), IN_SERIAL_BASE + inTrucks[i]!.serial, lanes[inTrucks[i]!.lane]!.id),
      }),
      dispatch: openLoop({
        arrivals: plan.arrivals.dispatch,
        startAt,
        send: (i) => dispatch(apiFor(i), outTrucks[i]!.serial, lanes[outTrucks[i]!.lane]!.id),
      }),
      ocrFrames: openLoop({
        arrivals: plan.arrivals.ocrFrames,
        startAt,
        send: async (i) => {
          const truck = plan.trucks[plan.frameTrucks[i]!]!;
          const camera = CAMERAS[i % CAMERAS.length]!;
          const frame = encodeFrame({ messageId: `${run}-f${i}`, timestamp: Date.now() }, photos[i % photos.length]!);
          await laneClients[truck.lane]!.publishAsync(
            deviceTopics.cameraFrame(lanes[truck.lane]!.id, camera),
            Buffer.from(frame),
            { qos: 1 },
          );
        },
      }),
      telemetry: openLoop({
        arrivals: plan.arrivals.telemetry,
        startAt,
        send: async (i) => {
          const machine = i % machines.length;
          const position = positionOf(machine, Math.floor(i / machines.length));
          const now = Date.now();
          telemetrySent.set(`${machines[machine]!.id}:${position.latitude}:${position.longitude}`, now);
          await machineClients[machine]!.publishAsync(
            deviceTopics.machineTelemetry(machines[machine]!.id),
            JSON.stringify({ messageId: `${run}-t${i}`, timestamp: now, ...position, speed: 8, heading: 90 }),
            { qos: 1 },
          );
        },
      }),
      tagReads: openLoop({
        arrivals: plan.arrivals.tagReads,
        startAt,
        send: async (i) => {
          const reader = i % readers.length;
          await readerClients[reader]!.publishAsync(
            deviceTopics.readerTag(readers[reader]!.id),
            JSON.stringify({ messageId: `${run}-r${i}`, timestamp: Date.now(), tagId: `${run}${i}`.slice(0, 32) }),
            { qos: 1 },
          );
        },
      }),
      taskCreate: openLoop({
        arrivals: plan.arrivals.taskCreate,
        startAt,
        send: async (i) => {
          const truck = plan.trucks[i]!;
          const created = (async () => {
            const saved = await apiFor(i).tasks.save({
              body: [
                {
                  containerNumber: containerNumber(
                    truck.direction === 'in' ? IN_SERIAL_BASE + truck.serial : truck.serial,
                  ),
                  taskType: truck.direction === 'in' ? 'Grounding' : 'Loading',
                  deliveryMode: 'Loaded',
                  fromLocation: truck.direction === 'in' ? 'Trailer' : 'Import Zone',
                  toLocation: truck.direction === 'in' ? 'Import Zone' : 'Trailer',
                  assignedToMachine: machineName(i % machines.length),
                },
              ],
            });
            return saved.tasks[0]!.taskId;
          })();
          tasks.set(i, created);
          await created;
        },
      }),
      taskStart: openLoop({
        arrivals: plan.arrivals.taskStart,
        startAt,
        send: async (i) => {
          const starting = (async () => {
            const id = await (tasks.get(i) ?? Promise.reject(new Error('task not created')));
            await apiFor(i).tasks.startMachineTask({ params: { machineName: machineName(i % machines.length), id } });
          })();
          started.set(i, starting);
          await starting;
        },
      }),
      taskComplete: openLoop({
        arrivals: plan.arrivals.taskComplete,
        startAt,
        send: async (i) => {
          await (started.get(i) ?? Promise.reject(new Error('task not started')));
          const id = await tasks.get(i)!;
          await apiFor(i).tasks.complete({ body: { taskIds: [id] } });
        },
      }),
      operatorReads: openLoop({
        arrivals: plan.arrivals.operatorReads,
        startAt,
        send: async (i) => {
          const client = apiFor(i);
          if (i % 2 === 0)
            await client.tasks.page({
              query: { skip: 0, limit: 15, includeCompleted: false, sortBy: 'generateDate', sortOrder: 'desc' },
            });
          else await client.containers.inYard({ query: { skip: 1, limit: 15, searchText: 'BNCU' } });
        },
      }),
    };
    const progress = setInterval(() => log(`load average ${loadavg()}`), 30_000);
    const runs = Object.fromEntries(
      await Promise.all(FLOWS.map(async (name) => [name, await flows[name]] as const)),
    ) as Record<FlowName, FlowRun>;
    clearInterval(progress);
    const runEnd = Date.now();
    const processCpu = cpuOfProcesses();
    const servicesCpuPercent = cpuOfServices();
    const machineCpuPercent = cpuOfMachine();
    const loadavgAtEnd = loadavg();
    log(`run ended (${round((runEnd - startAt) / 1000, 1)} s); load average ${loadavgAtEnd}`);

    // Stored device messages, given DRAIN_MS to catch up (the OCR may lag).
    const storedCounts = async () => {
      const [row] = await stack.query(`select
        (select count(*)::int from tag_reads where message_id like '${run}-r%') as tags,
        (select count(*)::int from machine_positions where message_id like '${run}-t%') as positions,
        (select count(*)::int from ocr_frames where message_id like '${run}-f%') as frames,
        (select count(*)::int from ocr_frames where message_id like '${run}-f%'
           and received_at <= to_timestamp(${runEnd} / 1000.0)) as frames_in_run`);
      return row as { tags: number; positions: number; frames: number; frames_in_run: number };
    };
    const deadline = Date.now() + DRAIN_MS;
    let stored = await storedCounts();
    await sleep(3000);
    while (
      Date.now() < deadline &&
      (stored.tags < runs.tagReads.completed ||
        stored.positions < runs.telemetry.completed ||
        stored.frames < runs.ocrFrames.completed)
    ) {
      await sleep(1000);
      stored = await storedCounts();
    }
    await sleep(2000);
    stored = await storedCounts();
    const frameLatencies = (
      await stack.query(`select (extract(epoch from received_at - captured_at) * 1000)::float8 as ms
        from ocr_frames where message_id like '${run}-f%'`)
    ).map((row) => Number(row.ms));
    const drainedAt = Date.now();

    // What the run's events should have brought each client.
    const rows = await stack.query(`select payload::text as events from outbox_events
      where created_at >= to_timestamp(${startAt} / 1000.0) and created_at <= to_timestamp(${runEnd} / 1000.0)`);
    const messages = rows.flatMap((row) => (JSON.parse(String(row.events)) as DomainEvent[]).flatMap(projectEvent));
    const live: LiveReport = {
      displays: plan.displays,
      operators: plan.operators,
      socketsOpen: clients.length,
      socketFailures,
      messagesReceived: clients.reduce((sum, client) => sum + client.count, 0),
      expectedEvents: 0,
      lostEvents: 0,
      lostByType: {},
      coalesced: {},
    };
    for (const client of clients)
      for (const message of messages) {
        const topic = reaches(message, client.topics);
        if (!topic) continue;
        const got = client.received.has(messageKey({ ...message, topic }));
        const coalesced = 'coalesce' in LIVE_MESSAGE_META[message.type];
        if (coalesced) {
          const figures = (live.coalesced[message.type] ??= { expected: 0, received: 0 });
          figures.expected += 1;
          if (got) figures.received += 1;
          continue;
        }
        live.expectedEvents += 1;
        if (!got) {
          live.lostEvents += 1;
          live.lostByType[message.type] = (live.lostByType[message.type] ?? 0) + 1;
        }
      }

    const device = (sent: number, count: number): DeviceReport => ({ sent, stored: count, lost: sent - count });
    const devices = {
      tagReads: device(runs.tagReads.completed, stored.tags),
      telemetry: device(runs.telemetry.completed, stored.positions),
      frames: { ...device(runs.ocrFrames.completed, stored.frames), storedInRun: stored.frames_in_run },
    };
    const flowsReport = {} as Record<FlowName, FlowReport>;
    for (const name of FLOWS) flowsReport[name] = flowReport(name, plan.arrivals[name], runs[name]);
    // Device flows are achieved when stored (frames: read by OCR) within the run, not when the broker
    // took them: what the broker took and was stored later is the lag.
    flowsReport.telemetry = flowReport('telemetry', plan.arrivals.telemetry, runs.telemetry, {
      achieved: stored.positions,
      latencies: telemetryLatencies,
    });
    flowsReport.tagReads = flowReport('tagReads', plan.arrivals.tagReads, runs.tagReads, {
      achieved: stored.tags,
      latencies: tagLatencies,
    });
    flowsReport.ocrFrames = flowReport('ocrFrames', plan.arrivals.ocrFrames, runs.ocrFrames, {
      achieved: stored.frames_in_run,
      latencies: frameLatencies,
      achievedSpanMs: runEnd - runs.ocrFrames.startedAt,
    });
    const gateLatencies = [...runs.gateIn.latencies, ...runs.dispatch.latencies];
    const report: TopologyReport = {
      topology,
      processes: processCpu.map(({ name, cpuPercent }) => ({ name, cpuPercent: round(cpuPercent) })),
      servicesCpuPercent: servicesCpuPercent
        ? Object.fromEntries(Object.entries(servicesCpuPercent).map(([name, value]) => [name, round(value)!]))
        : null,
      machineCpuPercent: round(machineCpuPercent),
      loadavg: loadavgAtEnd,
      flows: flowsReport,
      live,
      devices,
      targets: topologyTargets(flowsReport, gateLatencies),
    };
    console.log(
      table([
        ['flow', 'offered', 'achieved', 'offered/s', 'achieved/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'ok'],
        ...FLOWS.map((name) => {
          const flow = flowsReport[name];
          return [
            name,
            flow.offered,
            flow.achieved,
            fmt(flow.offeredPerSec, 2),
            fmt(flow.achievedPerSec, 2),
            fmt(flow.p50Ms, 1),
            fmt(flow.p95Ms, 1),
            fmt(flow.p99Ms, 1),
            flow.errors,
            flow.atOfferedRate ? 'yes' : 'NO',
          ];
        }),
      ]),
    );
    for (const name of FLOWS)
      if (Object.keys(flowsReport[name].failures).length)
        log(`${name} failures: ${JSON.stringify(flowsReport[name].failures)}`);
    log(
      `devices sent/stored: tag reads ${devices.tagReads.sent}/${devices.tagReads.stored}, positions ${devices.telemetry.sent}/${devices.telemetry.stored}, frames ${devices.frames.sent}/${devices.frames.stored} (${devices.frames.storedInRun} within the run, drained ${round((drainedAt - runEnd) / 1000)} s)`,
    );
    log(
      `live: ${live.socketsOpen} sockets, ${live.messagesReceived} messages; lost ${live.lostEvents} of ${live.expectedEvents} expected ${JSON.stringify(live.lostByType)}; coalesced ${JSON.stringify(live.coalesced)}`,
    );
    log(
      `CPU (% of one core, ${availableParallelism()} cores): ${report.processes.map((p) => `${p.name} ${fmt(p.cpuPercent)}`).join(', ')}; services ${JSON.stringify(report.servicesCpuPercent)}; machine ${fmt(report.machineCpuPercent)} % of all`,
    );
    const errorLines = stack.errorLines();
    if (errorLines.length)
      log(`${errorLines.length} errors logged by the processes, the first:\n${errorLines.slice(0, 5).join('\n')}`);
    log(`gate transactions p99 ${fmt(report.targets.gateP99Ms, 1)} ms (target ≤ ${YARD_DAY.gateP99TargetMs})`);
    return report;
  } finally {
    await Promise.allSettled(sockets.map((socket) => socket.close()));
    await closeFleet(fleets).catch(() => undefined);
    await stack.stop();
  }
}

async function main() {
  const options = yardDayOptions(process.env);
  const plan = yardDayPlan(options);
  const photos = fixturePhotos();
  const loadavgBefore = loadavg();
  const scenario = planSummary(plan);
  console.log(`yard day: ${JSON.stringify(scenario)}; load average ${loadavgBefore}`);
  const topologies: TopologyReport[] = [];
  for (const topology of TOPOLOGIES) topologies.push(await runTopology(topology, plan, photos));
  const report: YardDayReport = {
    scenario,
    loadavgBefore,
    loadavgAfter: loadavg(),
    topologies,
    allTargetsMet: topologies.every(
      (result) => result.targets.everyFlowAtOfferedRate && result.targets.gateP99Met && result.live.lostEvents === 0,
    ),
  };
  console.log(JSON.stringify(report));
}

runIfMain(import.meta.url, main);
