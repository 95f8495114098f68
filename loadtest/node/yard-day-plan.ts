// The yard-day scenario (issue 23): a day of a 15,000-container depot compressed into a few minutes,
// as a plan of arrivals per flow (pure, no I/O: `loadtest/node/yard-day.ts` runs it, the test checks
// it), and the shape of its report (the JSON last line).
//
// What is compressed and what is not: the day's business (trucks at the gate, their OCR frames, the
// tasks they make) happens `compression` times faster, as its count per day is fixed; devices and
// people keep their own pace (a machine reports at 1 Hz and an operator reads a screen every few
// seconds however fast the day runs), so their rates are not compressed, only scaled.
import { percentiles, round } from './stats';
import type { FlowRun } from './open-loop';

export const YARD_DAY = {
  containers: 15_000,
  lanes: 8,
  // Half the lanes take trucks in, half out.
  inLanes: 4,
  peakTrucksPerLaneHour: 60,
  // Each yard hour's share of the peak (hour 0 = midnight): quiet nights, two peaks of four hours.
  // 13.2 peak hours a day: 6,336 trucks, about one in five boxes of the depot turned over a day.
  gateProfile: [0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.5, 0.5, 1, 1, 1, 1, 0.6, 0.6, 1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.2, 0.2],
  // Photos a truck's pass leaves on the lane's cameras (fixture photos, `/work/shared/fixtures/ocr-gate`).
  framesPerTruck: 2,
  // Each truck's box is moved by a machine: a task made, started and completed this many yard
  // minutes after the truck.
  taskStartAfterYardMinutes: 5,
  taskCompleteAfterYardMinutes: 15,
  machines: 200,
  telemetryHz: 1,
  readers: 100,
  // Tag reads a reader reports a second (a tag in its field is read again and again).
  readerReadsPerSecond: 0.5,
  // The control room's wall displays: the topics of /wall (dashboard widgets, alarms, gate queue,
  // machines, yard).
  displays: 100,
  displayTopics: ['dashboard', 'alarms', 'gates', 'machines', 'inventory'],
  // Operators' screens: a REST read every few seconds, live on the tasks and gates topics.
  operators: 50,
  operatorReadEverySeconds: 5,
  operatorTopics: ['tasks', 'gates'],
  // Gate transactions must answer within this (p99).
  gateP99TargetMs: 200,
} as const;

export interface YardDayOptions {
  // The whole yard day lasts this long.
  minutes: number;
  // Every count and rate times this (devices, screens, trucks).
  scale: number;
  // The yard hours run: [fromHour, toHour).
  fromHour: number;
  toHour: number;
  framesPerTruck: number;
}

export const DEFAULT_YARD_DAY: YardDayOptions = {
  minutes: 10,
  scale: 1,
  fromHour: 0,
  toHour: 24,
  framesPerTruck: YARD_DAY.framesPerTruck,
};

// The knobs (env): YARD_DAY_MINUTES, YARD_DAY_SCALE, YARD_DAY_HOURS ("8-10"), YARD_DAY_FRAMES_PER_TRUCK.
export function yardDayOptions(env: Record<string, string | undefined>): YardDayOptions {
  const positive = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return env[name] !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
  };
  const hours = /^(\d{1,2})-(\d{1,2})$/.exec(env.YARD_DAY_HOURS ?? '');
  const fromHour = hours ? Number(hours[1]) : 0;
  const toHour = hours ? Number(hours[2]) : 24;
  if (fromHour >= toHour || toHour > 24)
    throw new Error(`YARD_DAY_HOURS must be "from-to" within 0-24, not ${env.YARD_DAY_HOURS}`);
  const frames = Number(env.YARD_DAY_FRAMES_PER_TRUCK);
  return {
    minutes: positive('YARD_DAY_MINUTES', DEFAULT_YARD_DAY.minutes),
    scale: positive('YARD_DAY_SCALE', DEFAULT_YARD_DAY.scale),
    fromHour,
    toHour,
    framesPerTruck:
      env.YARD_DAY_FRAMES_PER_TRUCK !== undefined && Number.isFinite(frames) && frames >= 0
        ? frames
        : DEFAULT_YARD_DAY.framesPerTruck,
  };
}

export const FLOWS = [
  'gateIn',
  'dispatch',
  'ocrFrames',
  'telemetry',
  'tagReads',
  'taskCreate',
  'taskStart',
  'taskComplete',
  'operatorReads',
] as const;
export type FlowName = (typeof FLOWS)[number];

// What each flow is and what its latency measures.
export const FLOW_DESCRIPTIONS: Record<FlowName, { kind: 'rest' | 'mqtt'; latency: string }> = {
  gateIn: { kind: 'rest', latency: 'POST gate-in due → answered (a gate transaction)' },
  dispatch: { kind: 'rest', latency: 'GET gate/dispatch due → answered (a gate transaction)' },
  ocrFrames: { kind: 'mqtt', latency: 'frame captured → read by OCR and stored (ocr_frames.received_at)' },
  telemetry: { kind: 'mqtt', latency: 'position published → machine.position.v1 at a wall display' },
  tagReads: { kind: 'mqtt', latency: 'tag read published → gate.tag.v1 at a wall display' },
  taskCreate: { kind: 'rest', latency: 'POST tasks due → answered' },
  taskStart: { kind: 'rest', latency: 'PUT machine task start due → answered' },
  taskComplete: { kind: 'rest', latency: 'PUT tasks/complete due → answered' },
  operatorReads: { kind: 'rest', latency: 'an operator screen read (tasks page, container search) due → answered' },
};

export interface Truck {
  // ms after the run's start.
  at: number;
  direction: 'in' | 'out';
  // Lane 0…lanes-1 (IN lanes first).
  lane: number;
  // Serial of its kind (the n-th gate-in, the n-th dispatch).
  serial: number;
}

export interface YardDayPlan {
  options: YardDayOptions;
  compression: number;
  runMs: number;
  machines: number;
  readers: number;
  displays: number;
  operators: number;
  trucks: Truck[];
  // ms after the run's start, per flow. Truck-driven flows list one arrival per truck (gate), per
  // frame (ocrFrames: see frameTrucks) or per task (task flows: one per truck, in truck order).
  arrivals: Record<FlowName, number[]>;
  // The truck (index into trucks) of each OCR frame.
  frameTrucks: number[];
}

const scaled = (count: number, scale: number) => Math.max(1, Math.round(count * scale));

export function yardDayPlan(options: YardDayOptions = DEFAULT_YARD_DAY): YardDayPlan {
  const { minutes, scale, fromHour, toHour, framesPerTruck } = options;
  const compression = (24 * 60) / minutes;
  const hourMs = (minutes * 60_000) / 24;
  const runMs = (toHour - fromHour) * hourMs;
  const laneGroups = [
    { direction: 'in' as const, lanes: YARD_DAY.inLanes, firstLane: 0 },
    { direction: 'out' as const, lanes: YARD_DAY.lanes - YARD_DAY.inLanes, firstLane: YARD_DAY.inLanes },
  ];
  const trucks: Truck[] = [];
  for (const group of laneGroups) {
    // Trucks so far, as a real number: each hour adds its share, the whole ones arrive evenly in it.
    let total = 0;
    let serial = 0;
    for (let hour = fromHour; hour < toHour; hour += 1) {
      const before = Math.floor(total);
      total += group.lanes * YARD_DAY.peakTrucksPerLaneHour * YARD_DAY.gateProfile[hour]! * scale;
      const count = Math.floor(total) - before;
      const start = (hour - fromHour) * hourMs;
      for (let index = 0; index < count; index += 1) {
        trucks.push({
          at: start + ((index + 0.5) * hourMs) / count,
          direction: group.direction,
          lane: group.firstLane + (serial % group.lanes),
          serial,
        });
        serial += 1;
      }
    }
  }
  trucks.sort((a, b) => a.at - b.at);
  const frameTrucks: number[] = [];
  trucks.forEach((_, index) => {
    const frames = Math.floor((index + 1) * framesPerTruck) - Math.floor(index * framesPerTruck);
    for (let frame = 0; frame < frames; frame += 1) frameTrucks.push(index);
  });
  const yardMinutesMs = (yardMinutes: number) => (yardMinutes * 60_000) / compression;
  const machines = scaled(YARD_DAY.machines, scale);
  const readers = scaled(YARD_DAY.readers, scale);
  const operators = scaled(YARD_DAY.operators, scale);
  const even = (rate: number) => Array.from({ length: Math.floor((rate * runMs) / 1000) }, (_, i) => (i * 1000) / rate);
  const taskTimes = (afterYardMinutes: number) => trucks.map((truck) => truck.at + yardMinutesMs(afterYardMinutes));
  return {
    options,
    compression,
    runMs,
    machines,
    readers,
    displays: scaled(YARD_DAY.displays, scale),
    operators,
    trucks,
    frameTrucks,
    arrivals: {
      gateIn: trucks.filter((truck) => truck.direction === 'in').map((truck) => truck.at),
      dispatch: trucks.filter((truck) => truck.direction === 'out').map((truck) => truck.at),
      ocrFrames: frameTrucks.map((index) => trucks[index]!.at),
      telemetry: even(machines * YARD_DAY.telemetryHz),
      tagReads: even(readers * YARD_DAY.readerReadsPerSecond),
      taskCreate: taskTimes(0),
      taskStart: taskTimes(YARD_DAY.taskStartAfterYardMinutes),
      taskComplete: taskTimes(YARD_DAY.taskCompleteAfterYardMinutes),
      operatorReads: even(operators / YARD_DAY.operatorReadEverySeconds),
    },
  };
}

// ------------------------------------------------------------------------------------------------
// The report.
// ------------------------------------------------------------------------------------------------

export interface FlowReport {
  kind: 'rest' | 'mqtt';
  latency: string;
  offered: number;
  achieved: number;
  offeredPerSec: number | null;
  achievedPerSec: number | null;
  // Every offered call answered (or message stored) and at ≥ 95 % of the offered rate.
  atOfferedRate: boolean;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  errors: number;
  failures: Record<string, number>;
}

// A flow's figures: `achieved` completed calls (or stored messages) over the span from its first
// arrival to its last answer; offered over its planned span (first to last arrival, plus one mean
// gap). A flow that falls behind finishes late, and its achieved rate drops below the offered one.
export function flowReport(
  name: FlowName,
  arrivals: number[],
  run: FlowRun,
  overrides: { achieved?: number; latencies?: number[]; achievedSpanMs?: number } = {},
): FlowReport {
  const planned = arrivals.length;
  const first = arrivals[0] ?? 0;
  const last = arrivals[planned - 1] ?? 0;
  const plannedSpanMs = planned > 1 ? ((last - first) * planned) / (planned - 1) : null;
  const achieved = overrides.achieved ?? run.completed;
  const achievedSpanMs = overrides.achievedSpanMs ?? Math.max(1, run.endedAt - run.startedAt);
  const offeredPerSec = plannedSpanMs ? (planned / plannedSpanMs) * 1000 : null;
  const achievedPerSec = planned > 1 ? (achieved / Math.max(achievedSpanMs, plannedSpanMs ?? 1)) * 1000 : null;
  const latency = percentiles(overrides.latencies ?? run.latencies);
  return {
    ...FLOW_DESCRIPTIONS[name],
    offered: planned,
    achieved,
    offeredPerSec: round(offeredPerSec, 2),
    achievedPerSec: round(achievedPerSec, 2),
    atOfferedRate: achieved >= planned && (offeredPerSec === null || (achievedPerSec ?? 0) >= 0.95 * offeredPerSec),
    p50Ms: round(latency.p50, 1),
    p95Ms: round(latency.p95, 1),
    p99Ms: round(latency.p99, 1),
    errors: run.failed,
    failures: run.failures,
  };
}

export interface LiveReport {
  displays: number;
  operators: number;
  socketsOpen: number;
  socketFailures: number;
  messagesReceived: number;
  // Messages the outbox's events of the run project onto the clients' topics, summed over the
  // clients, and those of them a client never received. Coalesced types (machine positions,
  // dashboard refetches: the hub keeps the last per key and window) are counted apart.
  expectedEvents: number;
  lostEvents: number;
  lostByType: Record<string, number>;
  coalesced: Record<string, { expected: number; received: number }>;
}

export interface DeviceReport {
  sent: number;
  stored: number;
  lost: number;
}

export interface TopologyReport {
  topology: string;
  processes: { name: string; cpuPercent: number | null }[];
  servicesCpuPercent: Record<string, number> | null;
  machineCpuPercent: number | null;
  loadavg: string;
  flows: Record<FlowName, FlowReport>;
  live: LiveReport;
  devices: { tagReads: DeviceReport; telemetry: DeviceReport; frames: DeviceReport & { storedInRun: number } };
  targets: { everyFlowAtOfferedRate: boolean; flowsBehind: FlowName[]; gateP99Ms: number | null; gateP99Met: boolean };
}

// The gate transactions' p99 over gate-ins and dispatches together, and which targets hold.
export function topologyTargets(flows: Record<FlowName, FlowReport>, gateLatencies: number[]) {
  const flowsBehind = FLOWS.filter((name) => !flows[name].atOfferedRate);
  const gateP99Ms = round(percentiles(gateLatencies).p99, 1);
  return {
    everyFlowAtOfferedRate: flowsBehind.length === 0,
    flowsBehind,
    gateP99Ms,
    gateP99Met: gateP99Ms !== null && gateP99Ms <= YARD_DAY.gateP99TargetMs,
  };
}

export function planSummary(plan: YardDayPlan) {
  return {
    ...plan.options,
    compression: round(plan.compression, 1),
    runSeconds: round(plan.runMs / 1000, 1),
    lanes: YARD_DAY.lanes,
    trucks: plan.trucks.length,
    gatePeakTrucksPerSec: round(
      (YARD_DAY.lanes * YARD_DAY.peakTrucksPerLaneHour * plan.options.scale * plan.compression) / 3600,
      2,
    ),
    machines: plan.machines,
    readers: plan.readers,
    displays: plan.displays,
    operators: plan.operators,
    offered: Object.fromEntries(FLOWS.map((name) => [name, plan.arrivals[name].length])) as Record<FlowName, number>,
  };
}

export interface YardDayReport {
  scenario: ReturnType<typeof planSummary>;
  loadavgBefore: string;
  loadavgAfter: string;
  topologies: TopologyReport[];
  allTargetsMet: boolean;
}
