import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeviceConnection,
  emptyCounters,
  PUBLISH_KINDS,
  type PublishContext,
  type PublishKind,
  type SimulatorLogger,
} from './connection';
import { readDevicesFile, type Credentials, type DevicesFile } from './devices-file';
import { SimulatedGateCameras, type FrameSource } from './devices/camera';
import type { DeviceEnvironment } from './devices/environment';
import { SimulatedItv } from './devices/itv';
import { SimulatedMachine } from './devices/machine';
import { MachineWork } from './machine-work';
import { SimulatedReader } from './devices/reader';
import { folderVisits, renderContainerFrame } from './frames';
import { runGateClerk } from './gate-clerk';
import { RateLimiter, Semaphore, type Random } from './pacing';
import { loadYardMap } from './yard';

export interface SimulatorOptions {
  // mqtt://host:port
  url: string;
  // The devices file (path) or its content.
  devices: string | DevicesFile;
  // Base URL of the server, to read the yard's area corners (GET /rest/yard/layout is public).
  apiUrl?: string;
  // Messages per second in total.
  rate?: number;
  // Stop by itself after this long.
  durationMs?: number;
  // A folder of JPEGs to send instead of rendered frames.
  frames?: string;
  logger?: SimulatorLogger;
  // A user the demo's gate clerk signs in as (with apiUrl): trucks are gated in and dispatched
  // through the REST API as the /gate screen does.
  gateClerk?: { username: string; password: string };
  // A user the demo's machines ask their task queues as (with apiUrl): they pick and drop the
  // containers of their tasks (MachineWork). Without it machines only drive and report positions.
  machineWork?: { username: string; password: string };
  random?: Random;
  maxInFlight?: number;
}

export interface SimulatorStats {
  elapsedMs: number;
  devices: { total: number; connected: number; failed: number; silent: number };
  published: Record<PublishKind, number>;
  total: number;
  bytes: number;
  failed: number;
  dropped: number;
  inFlight: number;
}

export interface Simulator {
  stop(): Promise<void>;
  stats(): SimulatorStats;
  // Settles when the simulator has stopped, by stop() or after durationMs.
  done: Promise<void>;
}

export const DEFAULT_RATE = 5;
const DEFAULT_MAX_IN_FLIGHT = 500;
const CONNECT_CONCURRENCY = 20;
const STOP_GRACE_MS = 3000;

// Messages per second each device sends by its own rhythm, before the rate is applied.
const HEARTBEATS_PER_SECOND = 1 / 15;
const TAG_READS_PER_SECOND = 2 / 10;
const POSITIONS_PER_SECOND = 1 / 1.5;
const CAMERA_VISITS_PER_SECOND = 1 / 40;

export async function runSimulator(options: SimulatorOptions): Promise<Simulator> {
  const logger = options.logger ?? console;
  const random = options.random ?? Math.random;
  const rate = options.rate ?? DEFAULT_RATE;
  if (!(rate > 0)) throw new RangeError('The rate must be above 0 messages per second');
  const devices = typeof options.devices === 'string' ? await readDevicesFile(options.devices) : options.devices;
  const speaking = devices.readers.filter((reader) => !reader.silent);
  const deviceCount = speaking.length + devices.cameras.length + devices.machines.length + devices.itvs.length;
  if (deviceCount === 0) throw new Error('The devices file lists no device that sends anything');

  // Heartbeats and camera visits keep their rhythm; tag reads and positions fill the rest of the rate.
  const steady =
    speaking.length * HEARTBEATS_PER_SECOND +
    devices.cameras.reduce((sum, gate) => sum + gate.cameras.length * CAMERA_VISITS_PER_SECOND, 0);
  const natural =
    speaking.length * TAG_READS_PER_SECOND + (devices.machines.length + devices.itvs.length) * POSITIONS_PER_SECOND;
  const activity = natural > 0 ? Math.max(rate - steady, rate * 0.2) / natural : 1;

  const gateIds = [
    ...new Set([
      ...devices.readers.flatMap((reader) => (reader.gateId === null ? [] : [reader.gateId])),
      ...devices.cameras.map((gate) => gate.gateId),
    ]),
  ];
  const yard = await loadYardMap(options.apiUrl, gateIds, logger);
  // Rendered containers, or the photos of a folder grouped as the truck visits they were taken in.
  const frames: FrameSource = (_camera, scene) => renderContainerFrame(scene, random);
  const visits = options.frames ? await folderVisits(options.frames) : undefined;

  const controller = new AbortController();
  // Every device loop waits on this one signal; many listeners are expected, not a leak.
  setMaxListeners(0, controller.signal);
  const counters = emptyCounters();
  const inFlight = new Semaphore(options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
  const context: PublishContext = {
    // A second's worth of burst, and at least a camera visit's frames at once.
    limiter: new RateLimiter(rate, Math.max(5, Math.ceil(rate))),
    inFlight,
    counters,
    logger,
    signal: controller.signal,
    pending: new Set(),
  };
  const environment: DeviceEnvironment = { signal: controller.signal, random, logger, yard, activity };
  const runId = Date.now().toString(36);
  const startedAt = Date.now();

  // Each device its own connection; one refused device (wrong password) does not stop the rest.
  const connections: DeviceConnection[] = [];
  const refusals: string[] = [];
  const connect = async (credentials: Credentials): Promise<DeviceConnection | null> => {
    try {
      const connection = await DeviceConnection.open(options.url, credentials, runId, context);
      connections.push(connection);
      return connection;
    } catch (error) {
      refusals.push(
        `${credentials.username}: cannot connect to ${options.url}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
  };
  const all = [...speaking, ...devices.cameras, ...devices.machines, ...devices.itvs];
  const opened = new Map<Credentials, DeviceConnection | null>();
  for (let index = 0; index < all.length; index += CONNECT_CONCURRENCY) {
    const batch = all.slice(index, index + CONNECT_CONCURRENCY);
    const results = await Promise.all(batch.map(connect));
    batch.forEach((device, offset) => opened.set(device, results[offset]!));
  }
  // No broker at all is one error, not a line per device.
  if (connections.length === 0) throw new Error(refusals[0] ?? `No device could connect to ${options.url}`);
  for (const refusal of refusals) logger.warn(refusal);
  const failedDevices = refusals.length;

  const work =
    options.apiUrl && options.machineWork
      ? new MachineWork({
          apiUrl: options.apiUrl,
          ...options.machineWork,
          random,
          signal: controller.signal,
          logger,
          gate: yard.gate(Math.min(...gateIds, Number.MAX_SAFE_INTEGER)),
        })
      : null;
  const readers = speaking.flatMap((device) => {
    const connection = opened.get(device);
    return connection ? [new SimulatedReader(connection, device, environment)] : [];
  });
  const truckArrives = async (gateId: number, tagId: string) => {
    const atGate = readers.filter((reader) => reader.device.gateId === gateId);
    if (atGate.length > 0) await atGate[Math.floor(random() * atGate.length)]!.truckPasses(tagId);
  };
  const loops: Promise<void>[] = [
    ...readers.map((reader) => reader.run()),
    ...devices.cameras.flatMap((device) => {
      const connection = opened.get(device);
      return connection
        ? [new SimulatedGateCameras(connection, device, environment, frames, truckArrives, visits).run()]
        : [];
    }),
    ...devices.machines.flatMap((device, index) => {
      const connection = opened.get(device);
      return connection ? [new SimulatedMachine(connection, device, environment, index, work).run()] : [];
    }),
    ...devices.itvs.flatMap((device) => {
      const connection = opened.get(device);
      return connection ? [new SimulatedItv(connection, device, environment, gateIds).run()] : [];
    }),
  ];
  if (options.apiUrl && options.gateClerk)
    loops.push(
      runGateClerk({
        apiUrl: options.apiUrl,
        ...options.gateClerk,
        readTag: async (gateId, tagId) => {
          if (!readers.some((reader) => reader.device.gateId === gateId)) return false;
          await truckArrives(gateId, tagId);
          return true;
        },
        random,
        signal: controller.signal,
        logger,
      }),
    );
  logger.info(
    `Simulating ${connections.length} devices on ${options.url} at ~${rate} msg/s over the ${yard.source === 'api' ? "server's" : 'demo'} yard` +
      (failedDevices > 0 ? ` (${failedDevices} could not connect)` : ''),
  );

  let stopping: Promise<void> | undefined;
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  const timer = options.durationMs !== undefined ? setTimeout(() => void stop(), options.durationMs) : undefined;

  async function shutdown(): Promise<void> {
    clearTimeout(timer);
    controller.abort();
    await Promise.allSettled(loops);
    // Give acknowledgements a moment; a broker that went away does not get to hold us up.
    const settled = await Promise.race([
      Promise.allSettled([...context.pending]).then(() => true),
      sleep(STOP_GRACE_MS, false, { ref: false }),
    ]);
    await Promise.allSettled(connections.map((connection) => connection.close(!settled)));
    resolveDone();
  }
  function stop(): Promise<void> {
    stopping ??= shutdown();
    return stopping;
  }

  return {
    stop,
    done,
    stats() {
      const published = { ...counters.published };
      return {
        elapsedMs: Date.now() - startedAt,
        devices: {
          total: devices.readers.length + devices.cameras.length + devices.machines.length + devices.itvs.length,
          connected: connections.filter((connection) => connection.connected).length,
          failed: failedDevices,
          silent: devices.readers.length - speaking.length,
        },
        published,
        total: PUBLISH_KINDS.reduce((sum, kind) => sum + published[kind], 0),
        bytes: counters.bytes,
        failed: counters.failed,
        dropped: counters.dropped,
        inFlight: inFlight.inUse,
      };
    },
  };
}
