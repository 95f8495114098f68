// The fault campaign's yard load (`npm run test:faults`): gate-ins and dispatches, container moves
// and machine task completions over REST, tag reads and machine telemetry over MQTT, each
// operation the system acknowledged written into a ledger that `verify.ts` checks against the
// database at the end. The devices keep each message until the pipeline's ack says it is stored
// (ackedPublisher), as real devices must: the broker's PUBACK is lost with a killed broker.
//
// A client of a yard does what the gate screen does: a gate transaction that got no answer (a
// server killed under it, a timeout) is sent again with the same request id, on another server;
// the server answers a request id it committed with its stored answer. A move or a task completion
// that got no answer is ambiguous: the driver reads where the container stands or how the task is,
// and counts the operation as confirmed when the database shows it done (it is checked as an
// acknowledged one: present exactly once).
import { ApiCallError, topics, withCheckDigit, type GeneratedTask } from '@openyard/contracts';
import { httpClient } from '@openyard/server/test/api-client';
import { startDeviceStream, startTagStream } from '../../runtime/src/test/processes';
import { sleep } from '../node/stats';

type Api = ReturnType<typeof httpClient>;

export interface DriverTopology {
  // The servers that answer now (http://127.0.0.1:port); changes as servers are killed and started.
  servers(): string[];
  token: string;
  mqttUrl: string;
  // Which of Redis and the broker are down at this moment.
  down(): { redis: boolean; broker: boolean };
}

export interface DriverOptions {
  run: string;
  gateLanes: number;
  gatePerSecond: number;
  tagReadsPerSecond: number;
  telemetryPerSecond: number;
  inGateId: number;
  outGateId: number;
  readerId: number;
  machineIds: number[];
  machineNames: string[];
  position: { latitude: number; longitude: number };
  // Ground slots free when the load starts, by name (A_1_2_1).
  freeSlots: string[];
}

interface DeviceFlow {
  run: string;
  accepted: Set<string>;
  acceptedAt: Map<string, number>;
  published: number;
  resent: number;
}

export interface Ledger {
  gateIns: { requestId: string; containerNumber: string; whileRedisDown: boolean; whileBrokerDown: boolean }[];
  dispatches: { requestId: string; containerNumber: string; whileRedisDown: boolean; whileBrokerDown: boolean }[];
  moves: { containerId: number; from: string | null; to: string; confirmed: boolean }[];
  completions: { taskId: number; machine: string; confirmed: boolean }[];
  // Device messages the pipeline acknowledged as stored (its ack after the commit), with when (epoch
  // ms); how many were published, and how many times one was sent again for want of that ack.
  tagReads: DeviceFlow;
  telemetry: DeviceFlow;
  refused: Record<string, number>;
  retries: number;
  unanswered: Record<string, number>;
  latencyMs: number[];
}

// The server's own refusal (4xx): the request was answered, nothing to send again.
const answered = (error: unknown) =>
  error instanceof ApiCallError && error.status < 500 && error.status !== 408 && error.status !== 429;

const CALL_TIMEOUT_MS = 15_000;
// How long one operation is tried (servers restarting, PostgreSQL restarting) before it is given up.
const GIVE_UP_MS = 120_000;

interface YardBox {
  containerId: number;
  number: string;
  location: string | null;
  moves: number;
}

export function startYardDriver(topology: DriverTopology, options: DriverOptions) {
  const ledger: Ledger = {
    gateIns: [],
    dispatches: [],
    moves: [],
    completions: [],
    tagReads: { run: `${options.run}-tag`, accepted: new Set(), acceptedAt: new Map(), published: 0, resent: 0 },
    telemetry: { run: `${options.run}-tel`, accepted: new Set(), acceptedAt: new Map(), published: 0, resent: 0 },
    refused: {},
    retries: 0,
    unanswered: {},
    latencyMs: [],
  };
  const clients = new Map<string, Api>();
  const apiOf = (baseUrl: string) => {
    let api = clients.get(baseUrl);
    if (!api) {
      api = httpClient(baseUrl, { authorization: `Bearer ${topology.token}` });
      clients.set(baseUrl, api);
    }
    return api;
  };
  let stopping = false;
  const refuse = (flow: string) => (ledger.refused[flow] = (ledger.refused[flow] ?? 0) + 1);

  // One call on a server that answers now; throws the server's refusal, or 'unanswered' when no
  // server answered it (killed under it, timed out, 5xx).
  async function once<T>(call: (api: Api) => Promise<T>): Promise<T> {
    const servers = topology.servers();
    if (!servers.length) throw new Unanswered('no server up');
    const api = apiOf(servers[Math.floor(Math.random() * servers.length)]!);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        call(api),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Unanswered('timeout')), CALL_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      if (answered(error)) throw error;
      throw new Unanswered(String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  // The same call until answered (an idempotent one: a gate transaction with its request id).
  async function untilAnswered<T>(flow: string, call: (api: Api) => Promise<T>): Promise<T | null> {
    const started = Date.now();
    for (let attempt = 0; ; attempt += 1) {
      try {
        const result = await once(call);
        ledger.latencyMs.push(Date.now() - started);
        return result;
      } catch (error) {
        if (!(error instanceof Unanswered)) throw error;
        if (Date.now() - started > GIVE_UP_MS || (stopping && attempt > 20)) {
          ledger.unanswered[flow] = (ledger.unanswered[flow] ?? 0) + 1;
          return null;
        }
        ledger.retries += 1;
        await sleep(200 + Math.random() * 300);
      }
    }
  }

  const boxes: YardBox[] = [];
  const tasks: GeneratedTask[] = [];
  const freeSlots = [...options.freeSlots];
  let serial = 0;

  async function gateLane(lane: number) {
    const interval = (1000 * options.gateLanes) / options.gatePerSecond;
    let next = Date.now() + lane * (interval / options.gateLanes);
    while (!stopping) {
      await sleep(Math.max(0, next - Date.now()));
      next += interval;
      serial += 1;
      const n = serial;
      const number = withCheckDigit(`FCTU${String(n).padStart(6, '0')}`);
      const requestId = `${options.run}-in-${n}`;
      try {
        const result = await untilAnswered('gateIn', (api) =>
          api.gateOperations.gateIn({
            body: {
              requestId,
              gateId: options.inGateId,
              mode: 'single',
              container1Data: {
                containerNumber: number,
                tagId: `9${String(n).padStart(7, '0')}`,
                gateInPurpose: 'Import',
                containerSize: '20',
              },
              trailerNumber: `FC${String(n).padStart(8, '0')}`,
            },
          }),
        );
        if (!result) continue;
        if (result.responsestatus !== 'success') {
          refuse(`gateIn: ${result.responsestatus}`);
          continue;
        }
        ledger.gateIns.push({ requestId, containerNumber: number, ...whileDown() });
        const box = result.containers[0]!;
        boxes.push({ containerId: box.containerId, number: box.containerNumber, location: box.location, moves: 0 });
        tasks.push(...result.tasks);
      } catch (error) {
        refuse(`gateIn: ${(error as Error).message}`);
      }
    }
  }

  const whileDown = () => {
    const down = topology.down();
    return { whileRedisDown: down.redis, whileBrokerDown: down.broker };
  };

  // The machine terminal works the tasks the gate-ins made: start, then complete.
  async function taskLoop() {
    while (!stopping) {
      const task = tasks.shift();
      if (!task) {
        await sleep(100);
        continue;
      }
      const machine = options.machineNames.includes(task.assignedToMachine)
        ? task.assignedToMachine
        : options.machineNames[task.taskId % options.machineNames.length]!;
      const params = { machineName: machine, id: task.taskId };
      try {
        const started = await untilAnswered('taskStart', (api) => api.tasks.startMachineTask({ params }));
        if (!started) continue;
        const begun = Date.now();
        try {
          await once((api) => api.tasks.completeMachineTask({ params }));
          ledger.latencyMs.push(Date.now() - begun);
          ledger.completions.push({ taskId: task.taskId, machine, confirmed: false });
        } catch (error) {
          if (!(error instanceof Unanswered)) throw error;
          // Unanswered: done or not? The task says.
          ledger.retries += 1;
          const current = await untilAnswered('taskRead', (api) => api.tasks.get({ params: { id: task.taskId } }));
          if (current?.status === 'completed')
            ledger.completions.push({ taskId: task.taskId, machine, confirmed: true });
          else if (current) tasks.push(task);
        }
      } catch (error) {
        refuse(`task: ${(error as Error).message}`);
      }
    }
  }

  // Moves a gated-in container to a free ground slot, twice, then dispatches it through the out gate.
  async function moveLoop() {
    while (!stopping) {
      const index = boxes.findIndex((box) => box.moves < 2);
      const dispatchable = boxes.findIndex((box) => box.moves >= 2);
      if (dispatchable >= 0 && (index < 0 || Math.random() < 0.5)) {
        await dispatch(boxes.splice(dispatchable, 1)[0]!);
        continue;
      }
      if (index < 0 || !freeSlots.length) {
        await sleep(100);
        continue;
      }
      const box = boxes[index]!;
      const to = freeSlots.splice(Math.floor(Math.random() * freeSlots.length), 1)[0]!;
      const from = box.location;
      const item = { containerId: box.containerId, number: box.number, previousLocation: from, newLocation: to };
      const begun = Date.now();
      try {
        await once((api) => api.inventory.updateLocation({ body: [item] }));
        ledger.latencyMs.push(Date.now() - begun);
        ledger.moves.push({ containerId: box.containerId, from, to, confirmed: false });
        moved(box, to);
      } catch (error) {
        if (error instanceof Unanswered) {
          ledger.retries += 1;
          const where = await untilAnswered('moveRead', (api) => api.inventory.location({ params: { n: box.number } }));
          if (where?.location === to) {
            ledger.moves.push({ containerId: box.containerId, from, to, confirmed: true });
            moved(box, to);
          } else freeSlots.push(to);
        } else {
          // A slot the gate's planning took meanwhile: not offered again.
          refuse(`move: ${(error as Error).message.replace(/[A-Z]_\d+_\d+_\d+/g, 'SLOT')}`);
        }
      }
    }
  }

  function moved(box: YardBox, to: string) {
    if (box.location) freeSlots.push(box.location);
    box.location = to;
    box.moves += 1;
  }

  async function dispatch(box: YardBox) {
    serial += 1;
    const requestId = `${options.run}-out-${serial}`;
    try {
      const result = await untilAnswered('dispatch', (api) =>
        api.gateOperations.dispatch({
          query: { requestId, gateId: options.outGateId, containerNumber: box.number, dispatchTime: Date.now() },
        }),
      );
      if (!result) return;
      if (!result.dispatched) {
        refuse(`dispatch: ${result.responsestatus}`);
        return;
      }
      ledger.dispatches.push({ requestId, containerNumber: box.number, ...whileDown() });
      if (box.location) freeSlots.push(box.location);
    } catch (error) {
      refuse(`dispatch: ${(error as Error).message}`);
    }
  }

  const endless = 1e9;
  const streams = Promise.all([
    startTagStream({
      url: topology.mqttUrl,
      readerId: options.readerId,
      run: ledger.tagReads.run,
      count: endless,
      perSecond: options.tagReadsPerSecond,
      maxInFlight: 2000,
      untilStored: true,
    }),
    startDeviceStream({
      url: topology.mqttUrl,
      run: ledger.telemetry.run,
      count: endless,
      perSecond: options.telemetryPerSecond,
      maxInFlight: 2000,
      untilStored: true,
      message: (n, messageId) => {
        const machineId = options.machineIds[n % options.machineIds.length]!;
        return {
          topic: topics.machineTelemetry(machineId),
          payload: JSON.stringify({
            messageId,
            timestamp: Date.now(),
            latitude: options.position.latitude + (n % 100) * 1e-6,
            longitude: options.position.longitude,
            speed: 5,
            status: 'Working',
          }),
        };
      },
    }),
  ]);

  const loops = [...Array.from({ length: options.gateLanes }, (_, lane) => gateLane(lane)), taskLoop(), moveLoop()];

  return {
    ledger,
    // Stops the REST flows (an operation under way is finished) and the device streams: what was
    // published is kept and sent again until the pipeline says it is stored, for up to
    // `deviceDrainMs`; then they disconnect.
    async stop(deviceDrainMs: number) {
      stopping = true;
      await Promise.all(loops);
      const [tags, telemetry] = await streams;
      const deadline = Date.now() + deviceDrainMs;
      const waiting = (await tags.finish(deviceDrainMs)) + (await telemetry.finish(Math.max(0, deadline - Date.now())));
      for (const [stream, into] of [
        [tags, ledger.tagReads],
        [telemetry, ledger.telemetry],
      ] as const) {
        for (const [id, at] of stream.acceptedAt) {
          into.accepted.add(id);
          into.acceptedAt.set(id, at);
        }
        into.published = stream.published();
        into.resent = stream.resent();
      }
      await Promise.all([tags.close(), telemetry.close()]);
      return { unacknowledgedDeviceMessages: waiting };
    },
  };
}

class Unanswered extends Error {}
