import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  mosquittoAcl,
  slotGeoPosition,
  topics,
  withCheckDigit,
  type MachineTasksMessage,
  type YardException,
} from '@openyard/contracts';
import { rowsOf } from '@openyard/server/db/bulk-insert';
import { machineEvents } from '@openyard/server/db/schema';
import { devicesRepository } from '@openyard/server/modules/device-logins';
import { TEST_DATABASE } from '@openyard/server/test/test-app';
import { installed, startPrivateMosquitto, type PrivateService } from '../test/processes';
import { eventually, startTestStack, type TestStack } from '../test/test-stack';

// Issue 17 over a real broker: tasks pushed to each machine on its own topic (retained, only its
// login may read it), and a machine's pick and drop published through the broker work the task.
// The PGlite run: the embedded topology (aedes); the PostgreSQL run: PostgreSQL, Redis and a
// Mosquitto of the test's own with the password file and the ACL that mosquittoAcl writes.
const mode = TEST_DATABASE === 'postgres' ? 'services' : 'embedded';
const SERVICE = { username: 'oy-service', password: randomBytes(12).toString('hex') };

let t: TestStack;
let mosquitto: PrivateService | null = null;
let brokerDir = '';
let brokerUrl = '';
let admin: Awaited<ReturnType<TestStack['login']>>;
const clients: MqttClient[] = [];
interface TestMachine {
  id: number;
  name: string;
  username: string;
  password: string;
}
let first: TestMachine;
let second: TestMachine;

const mosquittoMissing = mode === 'services' && !(installed('mosquitto') && installed('mosquitto_passwd', ['-h']));

function passwd(file: string, username: string, password: string, create = false) {
  const result = spawnSync('mosquitto_passwd', [...(create ? ['-c'] : []), '-b', file, username, password]);
  if (result.status !== 0) throw new Error(`mosquitto_passwd: ${result.stderr.toString()}`);
}

async function addMachine(label: string): Promise<TestMachine> {
  const machineName = `${label}-${randomBytes(3).toString('hex')}`.toUpperCase();
  const saved = await admin.api.machines.save({ body: { machineName, machineType: 'Reach-Stacker' } });
  return {
    id: saved.machine.id,
    name: saved.machine.machineName,
    username: saved.credentials!.mqttUsername,
    password: saved.credentials!.mqttPassword,
  };
}

// A machine's login, keeping what arrives on each topic it subscribes to. A device may hold one
// connection: a login right after another one's end waits until the broker let the first go.
interface Login {
  client: MqttClient;
  received: Map<string, MachineTasksMessage[]>;
  subscribe(topic: string): Promise<number>;
  last(topic: string): MachineTasksMessage | undefined;
}

async function connect(machine: TestMachine): Promise<MqttClient> {
  const client = await mqtt.connectAsync(brokerUrl, {
    clientId: machine.username,
    username: machine.username,
    password: machine.password,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(client);
  return client;
}

async function login(machine: TestMachine): Promise<Login> {
  const client = await eventually(() => connect(machine).catch(() => null), 10_000);
  const received = new Map<string, MachineTasksMessage[]>();
  client.on('message', (topic, payload) => {
    const list = received.get(topic) ?? [];
    list.push(JSON.parse(payload.toString('utf8')) as MachineTasksMessage);
    received.set(topic, list);
  });
  return {
    client,
    received,
    subscribe: async (topic) => (await client.subscribeAsync(topic, { qos: 1 }))[0]!.qos,
    last: (topic) => received.get(topic)?.at(-1),
  };
}

beforeAll(async () => {
  if (mosquittoMissing) return;
  if (mode === 'services') {
    brokerDir = mkdtempSync(join(tmpdir(), 'openyard-mosquitto-'));
    const passwordFile = join(brokerDir, 'openyard.passwd');
    const aclFile = join(brokerDir, 'openyard.acl');
    passwd(passwordFile, SERVICE.username, SERVICE.password, true);
    writeFileSync(aclFile, mosquittoAcl(SERVICE.username, []));
    mosquitto = await startPrivateMosquitto(brokerDir, undefined, { passwordFile, aclFile });
    brokerUrl = mosquitto.url;
    t = await startTestStack('services', {
      MQTT_URL: mosquitto.url,
      MQTT_SERVICE_USERNAME: SERVICE.username,
      MQTT_SERVICE_PASSWORD: SERVICE.password,
    });
  } else {
    t = await startTestStack('embedded');
    brokerUrl = t.brokerUrl;
  }
  admin = await t.login('superadmin');
  first = await addMachine('RS-A');
  second = await addMachine('RS-B');
  if (mosquitto) {
    // The yard's broker learns the new machines' logins and topics (the ACL of `npm run mqtt:acl`,
    // from every device in the database), and reads both files again.
    writeFileSync(join(brokerDir, 'openyard.acl'), mosquittoAcl(SERVICE.username, await devicesRepository.all(t.db)));
    for (const machine of [first, second])
      passwd(join(brokerDir, 'openyard.passwd'), machine.username, machine.password);
    process.kill(mosquitto.pid, 'SIGHUP');
    const probe = await login(first);
    await probe.client.endAsync();
  }
}, 120_000);

const closeClients = async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.endAsync(true)));
};
afterEach(closeClients);
afterAll(async () => {
  await closeClients();
  await t?.stop();
  await mosquitto?.kill();
  if (brokerDir) rmSync(brokerDir, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(query));

// The point of a ground slot of its own: a stack of the demo yard's geo-referenced areas (every
// stack holds containers there), emptied by moving its containers out of the yard.
let stacksTaken = 0;
async function emptyGroundSlot() {
  stacksTaken += 1;
  const [row] = await rows<{
    area_id: number;
    row_index: number;
    column_index: number;
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
  }>(sql`
    select a.id as area_id, r.index as row_index, c.index as column_index,
      (select max(index) from yard_rows where area_id = a.id) as rows,
      (select max(index) from yard_columns where area_id = a.id) as columns,
      a.lat1, a.long1, a.lat2, a.long2, a.lat3, a.long3, a.lat4, a.long4
    from yard_areas a join yard_rows r on r.area_id = a.id join yard_columns c on c.area_id = a.id
    where a.lat1 is not null
    order by a.id, r.index, c.index offset ${stacksTaken * 7} limit 1`);
  const held = await rows<{ container_id: number }>(sql`
    select container_id from container_positions
    where area_id = ${row!.area_id} and row_index = ${row!.row_index} and column_index = ${row!.column_index}`);
  if (held.length)
    await t.stack.services.inventory.move(
      [...new Set(held.map((entry) => Number(entry.container_id)))].map((containerId) => ({
        containerId,
        newLocation: null,
      })),
      { username: 'superadmin', source: 'manual' },
    );
  return slotGeoPosition(
    [
      { latitude: row!.lat1, longitude: row!.long1 },
      { latitude: row!.lat2, longitude: row!.long2 },
      { latitude: row!.lat3, longitude: row!.long3 },
      { latitude: row!.lat4, longitude: row!.long4 },
    ],
    { rows: Number(row!.rows), columns: Number(row!.columns) },
    { row: row!.row_index, column: row!.column_index },
  );
}

const slotAt = (point: { latitude: number; longitude: number }) =>
  t.stack.services.inventory.slotAt(t.db, point, t.config.yard.startHeight);

// A 20 ft container of its own on the ground of an empty stack.
async function groundedContainer() {
  const location = await slotAt(await emptyGroundSlot());
  const containerNumber = withCheckDigit(`MTQU${String(Math.floor(Math.random() * 999_999)).padStart(6, '0')}`);
  const saved = await admin.api.containers.save({ body: { containerNumber, sizeName: '20', location: location! } });
  return saved.container!.containerNumber;
}

async function taskFor(containerNumber: string, machine: TestMachine) {
  const [task] = (
    await admin.api.tasks.save({
      body: [
        {
          containerNumber,
          taskType: 'Grounding',
          deliveryMode: 'Loaded',
          fromLocation: 'Trailer',
          toLocation: 'Import Zone',
          assignedToMachine: machine.name,
        },
      ],
    })
  ).tasks;
  return task!;
}

const location = async (containerNumber: string) =>
  (await t.stack.services.inventory.location(containerNumber, 'number')).location;

const exceptionsOf = async (containerNumber: string): Promise<YardException[]> =>
  (await admin.api.tasks.yardExceptions({ query: { limit: 1000 } })).exceptions.filter(
    (exception) => exception.containerNumber === containerNumber,
  );

let serial = 0;
const event = (kind: 'pick' | 'drop', fields: Record<string, unknown>) =>
  JSON.stringify({ messageId: `${kind}-${Date.now()}-${(serial += 1)}`, timestamp: Date.now(), kind, ...fields });

describe.skipIf(mosquittoMissing)(`tasks pushed to machines and the loop over MQTT (${mode})`, () => {
  it('gives a machine its queue on its own topic, refuses it to another machine, and moves it with a transfer', async () => {
    const firstTopic = topics.machineTasks(first.id);
    const secondTopic = topics.machineTasks(second.id);
    const own = await login(first);
    const other = await login(second);
    expect(await own.subscribe(firstTopic)).toBe(1);
    expect(await other.subscribe(secondTopic)).toBe(1);
    // A machine added since the server started has its queue (ALL's tasks) waiting, retained.
    await eventually(async () => own.last(firstTopic) !== undefined, 10_000);
    expect(own.last(firstTopic)).toMatchObject({ machineId: first.id, machineName: first.name });
    // The second machine's login asks for the first machine's tasks: refused. aedes answers 0x80 in
    // the SUBACK (mqtt.js rejects the subscription); Mosquitto grants it but delivers nothing, not
    // even the retained queue.
    const refused = await other.subscribe(firstTopic).then(
      (qos) => qos,
      (error: Error) => error,
    );
    if (mode === 'embedded') expect(String(refused)).toMatch(/Subscribe error/);

    const containerNumber = await groundedContainer();
    const task = await taskFor(containerNumber, first);
    const has = (message: MachineTasksMessage | undefined) =>
      message?.tasks.some((item) => item.taskId === task.taskId) === true;
    await eventually(async () => has(own.last(firstTopic)), 10_000);
    expect(own.last(firstTopic)).toMatchObject({ machineId: first.id, machineName: first.name });
    expect(own.last(firstTopic)!.totalCount).toBeGreaterThanOrEqual(1);

    // A machine that connects again gets its queue at once: it is retained.
    await own.client.endAsync();
    const again = await login(first);
    await again.subscribe(firstTopic);
    await eventually(async () => has(again.last(firstTopic)), 5000);

    await admin.api.tasks.transfer({ body: { taskIds: [task.taskId], toMachine: second.name } });
    await eventually(async () => has(other.last(secondTopic)), 10_000);
    await eventually(async () => again.last(firstTopic) !== undefined && !has(again.last(firstTopic)), 10_000);
    expect(other.last(secondTopic)!.tasks.find((item) => item.taskId === task.taskId)).toMatchObject({
      assignedToMachine: second.name,
      containerNumber,
    });
    // Of all that was published on the first machine's topic, nothing reached the second's login.
    expect(other.received.get(firstTopic)).toBeUndefined();
  });

  it('completes the task and moves the container when the machine picks and drops through the broker; a replay does nothing twice', async () => {
    const containerNumber = await groundedContainer();
    const task = await taskFor(containerNumber, second);
    const queue = await login(second);
    const own = topics.machineTasks(second.id);
    await queue.subscribe(own);
    await eventually(async () => queue.last(own)?.tasks.some((item) => item.taskId === task.taskId) === true, 10_000);
    const machine = queue.client;
    const point = await emptyGroundSlot();
    const expected = await slotAt(point);
    expect(expected).not.toBeNull();

    await machine.publishAsync(topics.machineEvent(second.id), event('pick', { containerNumber }), { qos: 1 });
    await eventually(async () => (await admin.api.tasks.get({ params: { id: task.taskId } })).status === 'started');
    const drop = event('drop', { containerNumber, height: t.config.yard.startHeight, ...point });
    await machine.publishAsync(topics.machineEvent(second.id), drop, { qos: 1 });
    const done = await eventually(async () => {
      const current = await admin.api.tasks.get({ params: { id: task.taskId } });
      return current.status === 'completed' ? current : null;
    }, 10_000);
    expect(done).toMatchObject({ completedByMachine: second.name });
    expect(await location(containerNumber)).toBe(expected);
    // The machine's queue no longer holds it.
    await eventually(async () => queue.last(own)?.tasks.every((item) => item.taskId !== task.taskId) === true, 10_000);

    // The same drop again (a reconnect's redelivery), then a message behind it that leaves a mark.
    await machine.publishAsync(topics.machineEvent(second.id), drop, { qos: 1 });
    const marker = withCheckDigit(`ZZZU${String(Math.floor(Math.random() * 999_999)).padStart(6, '0')}`);
    await machine.publishAsync(
      topics.machineEvent(second.id),
      event('drop', { containerNumber: marker, height: 1, ...point }),
      { qos: 1 },
    );
    await eventually(async () => (await exceptionsOf(marker)).length === 1, 10_000);
    const { messageId } = JSON.parse(drop) as { messageId: string };
    expect(await t.db.select().from(machineEvents).where(eq(machineEvents.messageId, messageId))).toHaveLength(1);
    expect((await admin.api.tasks.get({ params: { id: task.taskId } })).completionDate).toBe(done.completionDate);
    expect(await location(containerNumber)).toBe(expected);
    expect(await exceptionsOf(containerNumber)).toEqual([]);
  });

  it('raises a yard exception for a drop into a taken slot and leaves both containers where they are', async () => {
    const mover = await groundedContainer();
    const before = await location(mover);
    const point = await emptyGroundSlot();
    const occupant = await admin.api.containers.save({
      body: {
        containerNumber: withCheckDigit(`MTQU${String(Math.floor(Math.random() * 999_999)).padStart(6, '0')}`),
        sizeName: '20',
        location: (await slotAt(point))!,
      },
    });
    const occupied = occupant.container!.location;
    const { client: machine } = await login(first);
    await machine.publishAsync(
      topics.machineEvent(first.id),
      event('drop', { containerNumber: mover, height: t.config.yard.startHeight, ...point }),
      { qos: 1 },
    );
    const [raised] = await eventually(async () => {
      const found = await exceptionsOf(mover);
      return found.length ? found : null;
    }, 10_000);
    expect(raised).toMatchObject({ kind: 'slotTaken', eventKind: 'drop', machineName: first.name, resolvedAt: null });
    expect(await location(mover)).toBe(before);
    expect(await location(occupant.container!.containerNumber)).toBe(occupied);
  });
});
