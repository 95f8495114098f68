import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  inMachineQueue,
  machineQueueOrder,
  MACHINE_TASKS_PUSHED,
  MachineTasksMessage,
  topics,
  type TaskInput,
} from '@openyard/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  ROUND_GAP_MS,
  startMachineTasksPublisher,
  type DevicePublisher,
  type MachineTasksPublisher,
} from './machine-tasks.publisher';

// Which queues the publisher sends again, and what they hold, as the domain events come in. The
// broker is the port's test double (what was published, in order); runtime/src/stack/
// machine-tasks.int.test.ts runs the same publisher against aedes and Mosquitto.
let t: TestApp;
let operator: Awaited<ReturnType<TestApp['login']>>;
let publisher: MachineTasksPublisher;
const sent: { topic: string; message: MachineTasksMessage }[] = [];
const machines: { id: number; name: string }[] = [];

const broker: DevicePublisher = {
  publish(topic, payload) {
    sent.push({ topic, message: JSON.parse(payload) as MachineTasksMessage });
    return Promise.resolve();
  },
  onConnect(listener) {
    listener();
  },
};

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
  const superadmin = await t.login('superadmin');
  publisher = startMachineTasksPublisher({
    bus: t.bus,
    tasks: t.services.tasks,
    machines: t.services.machines,
    broker,
    logger: pino({ level: 'silent' }),
  });
  for (const label of ['A', 'B']) {
    const machineName = `RS-Q${label}${Date.now().toString(36).slice(-5)}`.toUpperCase();
    const saved = await superadmin.api.machines.save({ body: { machineName, machineType: 'Reach-Stacker' } });
    machines.push({ id: saved.machine.id, name: saved.machine.machineName });
  }
  await settle();
});
afterAll(async () => {
  await publisher.stop();
  await t.close();
});

async function settle() {
  await t.relay.kick();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await publisher.settled();
}

const sentTo = (machine: { id: number }) => sent.filter((entry) => entry.topic === topics.machineTasks(machine.id));
const queueOf = (machine: { id: number }) => sentTo(machine).at(-1)?.message;
const holds = (machine: { id: number }, taskId: number) =>
  queueOf(machine)?.tasks.some((task) => task.taskId === taskId) ?? false;

let serial = 0;
const task = (assignedToMachine: string, over: Partial<TaskInput> = {}): TaskInput => ({
  containerNumber: `MTPU${String(1_000_000 + (Date.now() % 1_000_000) + (serial += 1)).slice(-7)}`,
  taskType: 'Grounding',
  deliveryMode: 'Loaded',
  fromLocation: 'Trailer',
  toLocation: 'Import Zone',
  assignedToMachine,
  ...over,
});

describe('the machine tasks publisher (issue 17)', () => {
  it('publishes a new machine its queue, then only the queues a change touches', async () => {
    const [a, b] = machines;
    expect(queueOf(a!)).toMatchObject({ machineId: a!.id, machineName: a!.name });
    expect(queueOf(b!)).toMatchObject({ machineId: b!.id, machineName: b!.name });

    const before = sentTo(b!).length;
    const [own] = (await operator.api.tasks.save({ body: [task(a!.name)] })).tasks;
    await settle();
    expect(holds(a!, own!.taskId)).toBe(true);
    expect(queueOf(a!)!.totalCount).toBe(queueOf(b!)!.totalCount + 1);
    // B's queue did not change: it is not sent again.
    expect(sentTo(b!)).toHaveLength(before);

    // An edit that gives the task to B: A's queue is sent again without it.
    await operator.api.tasks.save({ body: [{ ...task(b!.name), taskId: own!.taskId }] });
    await settle();
    expect(holds(b!, own!.taskId)).toBe(true);
    expect(holds(a!, own!.taskId)).toBe(false);
  });

  it('sends a burst of changes to a queue in a few rounds, the last one holding them all', async () => {
    const [a] = machines;
    await settle();
    const before = sentTo(a!).length;
    // Six tasks for A, each committed and its event delivered on its own (a busy gate's gate-ins).
    const created: number[] = [];
    const began = performance.now();
    for (let index = 0; index < 6; index += 1) {
      const [one] = (await operator.api.tasks.save({ body: [task(a!.name)] })).tasks;
      created.push(one!.taskId);
      await t.relay.kick();
    }
    const burstMs = performance.now() - began;
    await settle();
    const sends = sentTo(a!).length - before;
    // Rounds start ROUND_GAP_MS apart: one at the first event, one per gap the burst lasted, one
    // after it (with no gap each event is a round of its own: six sends on a machine that makes
    // the burst in 200 ms).
    expect(sends).toBeGreaterThanOrEqual(1);
    expect(sends).toBeLessThanOrEqual(2 + Math.floor(burstMs / ROUND_GAP_MS));
    for (const taskId of created) expect(holds(a!, taskId)).toBe(true);
  });

  it("puts a task for ALL in every machine's queue, and takes a completed or deleted one out", async () => {
    const [a, b] = machines;
    const [shared, other] = (await operator.api.tasks.save({ body: [task('ALL'), task('ALL')] })).tasks;
    await settle();
    for (const machine of [a!, b!]) expect(holds(machine, shared!.taskId) && holds(machine, other!.taskId)).toBe(true);

    await operator.api.tasks.complete({ body: { taskIds: [shared!.taskId] } });
    await operator.api.tasks.delete({ query: { taskIds: String(other!.taskId) } });
    await settle();
    for (const machine of [a!, b!]) {
      expect(holds(machine, shared!.taskId)).toBe(false);
      expect(holds(machine, other!.taskId)).toBe(false);
    }
  });

  it("sends each machine the head of its queue in the terminal's order, and counts the whole of it", async () => {
    const [a, b] = machines;
    // More than a message carries: A's own, B's own and ALL's, some on priority, interleaved.
    const body = Array.from({ length: 3 * MACHINE_TASKS_PUSHED }, (_, index) =>
      task([a!.name, b!.name, 'ALL'][index % 3]!, { onPriority: index % 7 === 0 }),
    );
    const saved = (await operator.api.tasks.save({ body })).tasks;
    // Two started by A's driver: one of A's last own tasks, and one of ALL's, which becomes A's.
    const last = (name: string) => saved.filter((entry) => entry.assignedToMachine === name).at(-1)!;
    await t.services.tasks.startMachineTask(a!.name, last(a!.name).taskId);
    await t.services.tasks.startMachineTask(a!.name, last('ALL').taskId);
    await settle();
    const known = await t.services.machines.machines();
    const pair = [a!, b!].map((machine) => known.find((candidate) => candidate.id === machine.id)!);
    const messages = await t.services.tasks.machineTaskMessages(pair);
    for (const [index, machine] of [a!, b!].entries()) {
      // The terminal's queue (every open task of the machine and ALL's, sorted by the rule), read
      // apart from the heads the message is made of.
      const { tasks: terminal } = await t.services.tasks.machineQueue(machine.name);
      const queue = [...terminal]
        .sort(machineQueueOrder)
        .filter((candidate) => inMachineQueue(candidate, machine.name));
      expect(queue).toHaveLength(terminal.length);
      expect(queue.length).toBeGreaterThan(MACHINE_TASKS_PUSHED);
      expect(messages[index]!.tasks.map((entry) => entry.taskId)).toEqual(
        queue.slice(0, MACHINE_TASKS_PUSHED).map((entry) => entry.taskId),
      );
      expect(messages[index]!.totalCount).toBe(queue.length);
      // What the machine was sent is that.
      expect(queueOf(machine)!.tasks.map((entry) => entry.taskId)).toEqual(
        messages[index]!.tasks.map((entry) => entry.taskId),
      );
      expect(queueOf(machine)!.totalCount).toBe(queue.length);
    }
    // A's started tasks head its queue; B's queue lost the ALL task A's driver took.
    expect(
      messages[0]!.tasks
        .slice(0, 2)
        .map((entry) => entry.taskId)
        .sort(),
    ).toEqual([last(a!.name).taskId, last('ALL').taskId].sort());
    expect(messages[1]!.tasks.some((entry) => entry.taskId === last('ALL').taskId)).toBe(false);
  });

  it('sends every queue again when the broker connection comes back', async () => {
    const counts = machines.map((machine) => sentTo(machine).length);
    publisher.republishAll();
    await publisher.settled();
    expect(machines.map((machine) => sentTo(machine).length)).toEqual(counts.map((count) => count + 1));
    // Every message sent is the contract's MachineTasksMessage.
    expect(sent.filter((entry) => !Value.Check(MachineTasksMessage, entry.message))).toEqual([]);
  });
});
