import type { FastifyBaseLogger } from 'fastify';
import { ALL_MACHINES, sameMachine, topics, type Task } from '@openyard/contracts';
import type { Bus } from '../../adapters/bus';
import type { MachinesService } from '../machines';
import { subscribeDomainEvents } from '../outbox';
import type { TasksService } from './tasks.service';

// The broker connection the machine tasks go out on (server/src/adapters/mqtt-publisher.ts).
export interface DevicePublisher {
  // Publishes a retained message at QoS 1 and resolves once the broker has acknowledged it.
  publish(topic: string, payload: string): Promise<void>;
  // Called on every connection to the broker, the first and each after a drop: a broker that
  // restarted without persistence has lost what was retained.
  onConnect(listener: () => void): void;
}

// How long a failed round (the database or the broker refused) waits before it is tried again.
const RETRY_MS = 2000;
// Machines a round prepares between two turns of the event loop.
const YIELD_EVERY = 20;
// Rounds start at least this far apart. At a busy gate every gate-in's task is an event: what
// arrives within a quarter of a second goes out in one round instead of a round each (each reads the
// marked queues' heads and the machines). An event after a quiet spell goes out at once.
export const ROUND_GAP_MS = 250;

// Tasks pushed to the machines over MQTT (issue 17: devices without a screen). Each machine's own
// topic (topics.machineTasks, which only that machine's login may subscribe to) carries its queue
// as the terminal shows it, retained, so a machine that connects or reconnects gets it at once. A
// consumer of the domain events (never the live messages): a task created, edited, transferred,
// started, completed or deleted marks the queues it is in (a task for ALL is in every machine's
// queue, inMachineQueue), a task given another machine (task.transferred, an edit included) also
// the queue it left, a machine saved its own; and one round at a time reads the heads of the marked
// queues together and publishes those that changed. Events that arrive during a round, or less than
// ROUND_GAP_MS after it began, are taken by the next, so a burst costs a few rounds, not one per
// event. Every process that runs ingest publishes (several workers processes publish the same
// snapshots; each reads after the last event it heard, so the retained one is the latest).
export function startMachineTasksPublisher(deps: {
  bus: Bus;
  tasks: TasksService;
  machines: MachinesService;
  broker: DevicePublisher;
  logger: FastifyBaseLogger;
}) {
  const { logger } = deps;
  let everyMachine = false;
  const names = new Set<string>();
  const ids = new Set<number>();
  // What was last published per machine (without its timestamp): the same queue is not sent again.
  const published = new Map<number, string>();
  let round: Promise<void> | null = null;
  let lastRoundAt = -Infinity;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;

  const marked = () => everyMachine || names.size > 0 || ids.size > 0;

  const markMachine = (name: string) => {
    if (sameMachine(name, ALL_MACHINES)) everyMachine = true;
    else names.add(name.trim().toLowerCase());
  };

  function mark(list: readonly { assignedToMachine: string }[]) {
    for (const task of list) markMachine(task.assignedToMachine);
    schedule();
  }

  function markAll() {
    everyMachine = true;
    published.clear();
    schedule();
  }

  function schedule() {
    if (stopped || round || retry) return;
    // The events of one bus batch (and of the same turn) go into one round, and those of the gap.
    const wait = lastRoundAt + ROUND_GAP_MS - performance.now();
    round = new Promise<void>((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve)))
      .then(run)
      .finally(() => {
        round = null;
        if (!retry && marked()) schedule();
      });
  }

  // One round: the marked queues read and those that changed published.
  async function run() {
    if (!stopped && marked()) {
      lastRoundAt = performance.now();
      const all = everyMachine;
      const wanted = new Set(names);
      const wantedIds = new Set(ids);
      everyMachine = false;
      names.clear();
      ids.clear();
      try {
        const machines = (await deps.machines.machines()).filter(
          (machine) => all || wantedIds.has(machine.id) || wanted.has(machine.machineName.trim().toLowerCase()),
        );
        const messages = await deps.tasks.machineTaskMessages(machines);
        // Each task is written once a round (ALL's are in every queue), and every few machines the
        // event loop gets a turn: a round for a whole yard must not hold up the API.
        const taskJson = new Map<number, string>();
        const json = (task: Task) => {
          let text = taskJson.get(task.taskId);
          if (text === undefined) taskJson.set(task.taskId, (text = JSON.stringify(task)));
          return text;
        };
        const sends: Promise<void>[] = [];
        for (const [index, message] of messages.entries()) {
          if (index % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
          // The message's JSON around the tasks' own (each written once), its timestamp last and
          // left out of the comparison with what was published.
          const { tasks, timestamp, ...queue } = message;
          const content = `${JSON.stringify(queue).slice(0, -1)},"tasks":[${tasks.map(json).join(',')}]`;
          if (published.get(message.machineId) === content) continue;
          sends.push(
            deps.broker
              .publish(topics.machineTasks(message.machineId), `${content},"timestamp":${timestamp}}`)
              .then(() => void published.set(message.machineId, content)),
          );
        }
        await Promise.all(sends);
      } catch (error) {
        if (stopped) return;
        logger.warn({ err: error }, 'could not publish the machines their tasks; trying again');
        // What this round had is kept for the next, after a pause.
        if (all) everyMachine = true;
        for (const name of wanted) names.add(name);
        for (const id of wantedIds) ids.add(id);
        retry = setTimeout(() => {
          retry = null;
          schedule();
        }, RETRY_MS);
        return;
      }
    }
  }

  const unsubscribe = subscribeDomainEvents(deps.bus, {
    'task.created': (event) => mark(event.data.tasks),
    'task.updated': (event) => mark(event.data.tasks),
    'task.transferred': (event) => mark([...event.data.tasks, ...event.data.previous]),
    'task.completed': (event) => mark(event.data.tasks),
    'task.deleted': (event) => mark(event.data.tasks),
    // A machine added (its queue holds ALL's tasks), renamed, or its status set on the screen. The
    // status that telemetry and health ageing change is not followed: a status storm (a shift's
    // machines all coming online) would send every queue again for nothing the queue holds.
    'machine.saved': (event) => {
      ids.add(event.data.machine.id);
      schedule();
    },
  });
  // Events missed while the bus was away: every queue is read again.
  const stopGap = deps.bus.onGap(markAll);
  deps.broker.onConnect(markAll);

  return {
    // Reads and publishes every machine's queue again (a machine added, a broker that lost them).
    republishAll: markAll,
    // Resolves once nothing is marked and no round runs (tests and benches wait on it).
    async settled() {
      while (round || retry || marked()) {
        if (round) await round;
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      stopped = true;
      unsubscribe();
      stopGap();
      if (retry) clearTimeout(retry);
      await round;
    },
  };
}

export type MachineTasksPublisher = ReturnType<typeof startMachineTasksPublisher>;
