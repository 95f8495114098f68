import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAckTopic, mosquittoAcl, topics, type DeviceKind } from '@openyard/contracts';
import { SERVICE_USERNAME } from '@openyard/server/adapters/broker';
import { eventually } from '@openyard/server/test/eventually';
import { READER_1_FORGED_TOPICS } from '@openyard/server/test/forged-topics';
import { mosquittoPasswordFile, mosquittoPasswordLine } from './mosquitto-files';
import { freePort, startPrivateMosquitto, type PrivateService } from './test/processes';

// Device impersonation on a real Mosquitto (issue 23) with the files `npm run mqtt:acl -- --write`
// generates (the ACL from the device table, the password file) and the device listener of
// deploy/mosquitto.conf (a client's id is its username): a device cannot push another off by taking
// its client id, log in as another, publish outside its prefix, or subscribe to others' topics. A
// private Mosquitto on free ports, not the shared one. The embedded broker's own test of the same
// cases: server/src/security/device-impersonation.test.ts.

const DEVICES: { kind: DeviceKind; id: number }[] = [
  { kind: 'reader', id: 1 },
  { kind: 'reader', id: 2 },
  { kind: 'machine', id: 7 },
  { kind: 'machine', id: 8 },
];
const passwordOf = (username: string) => `${username}-secret`;
const SERVICE_PASSWORD = 'service-secret';

let dir: string;
let mosquitto: PrivateService;
let devicePort: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'openyard-mosquitto-acl-'));
  const usernames = DEVICES.map(({ kind, id }) => `${kind}-${id}`);
  // The operator's device entries (mosquitto_passwd), kept by the generator beside the service's.
  const existing = usernames.map((username) => mosquittoPasswordLine(username, passwordOf(username))).join('\n');
  writeFileSync(
    join(dir, 'openyard.passwd'),
    mosquittoPasswordFile(existing, { username: SERVICE_USERNAME, password: SERVICE_PASSWORD }, usernames),
  );
  writeFileSync(join(dir, 'openyard.acl'), mosquittoAcl(SERVICE_USERNAME, DEVICES));
  devicePort = await freePort();
  mosquitto = await startPrivateMosquitto(join(dir, 'broker'), undefined, {
    passwordFile: join(dir, 'openyard.passwd'),
    aclFile: join(dir, 'openyard.acl'),
    devicePort,
  });
}, 60_000);
afterAll(async () => {
  for (const client of clients) await client.endAsync(true);
  await mosquitto?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// A device on the devices' listener; the service on the processes' one.
function connect(username: string, options: { clientId?: string; password?: string } = {}): Promise<MqttClient> {
  const service = username === SERVICE_USERNAME;
  const client = mqtt.connect(`mqtt://127.0.0.1:${service ? mosquitto.port : devicePort}`, {
    clientId: options.clientId ?? username,
    username,
    password: options.password ?? (service ? SERVICE_PASSWORD : passwordOf(username)),
    reconnectPeriod: 0,
  });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', reject);
    client.once('close', () => reject(new Error('Closed before CONNACK')));
  });
}

describe('device impersonation on Mosquitto with the generated ACL', () => {
  it('ships the device listener this test runs (deploy/mosquitto.conf)', () => {
    const shipped = readFileSync(new URL('../../deploy/mosquitto.conf', import.meta.url), 'utf8');
    expect(shipped).toMatch(/^listener 1883\nuse_username_as_clientid true$/m);
  });

  it('keeps a device connected when another takes its client id, or logs in with its name', async () => {
    const victim = await connect('machine-7');
    let victimClosed = false;
    victim.on('close', () => (victimClosed = true));
    // The id is replaced by the username: the intruder connects as itself, the victim stays.
    const intruder = await connect('machine-8', { clientId: 'machine-7' });
    await expect(connect('machine-7', { password: passwordOf('machine-8') })).rejects.toThrow(
      /Not authorized|Bad username/i,
    );
    await expect(connect(SERVICE_USERNAME, { password: passwordOf('machine-8'), clientId: 'x' })).rejects.toThrow(
      /Not authorized|Bad username/i,
    );
    // What the service sends machine 7 still reaches machine 7, and not the intruder.
    const heard: string[] = [];
    victim.on('message', (topic) => heard.push(`victim ${topic}`));
    intruder.on('message', (topic) => heard.push(`intruder ${topic}`));
    await victim.subscribeAsync(topics.machineTasks(7), { qos: 1 });
    await intruder.subscribeAsync(topics.machineTasks(7), { qos: 1 });
    const service = await connect(SERVICE_USERNAME, { clientId: 'acl-test-service' });
    await service.publishAsync(topics.machineTasks(7), 'queue', { qos: 1 });
    await eventually(async () => heard.length > 0);
    await service.publishAsync(topics.machineTasks(8), 'queue-8', { qos: 1 });
    expect(heard).toEqual([`victim ${topics.machineTasks(7)}`]);
    expect(victimClosed).toBe(false);
    expect(victim.connected).toBe(true);
  });

  it('delivers nothing a device publishes outside its own prefix', async () => {
    const service = await connect(SERVICE_USERNAME, { clientId: 'acl-test-listener' });
    const heard: string[] = [];
    service.on('message', (topic, payload) => heard.push(`${topic} ${payload.toString()}`));
    await service.subscribeAsync('yard/#', { qos: 1 });
    await service.subscribeAsync('openyard/#', { qos: 1 });
    // MQTT 3.1.1 has no refusal of a publish: Mosquitto acknowledges it and drops it, or cuts the
    // connection. Either way nothing may arrive.
    for (const topic of READER_1_FORGED_TOPICS) {
      const reader = await eventually(() => connect('reader-1').catch(() => null));
      await Promise.race([
        reader.publishAsync(topic, 'forged', { qos: 1 }),
        new Promise<void>((resolve) => reader.once('close', () => resolve())),
      ]);
      await reader.endAsync(true);
    }
    const reader = await eventually(() => connect('reader-1').catch(() => null));
    await reader.publishAsync(topics.readerTag(1), 'real', { qos: 1 });
    await eventually(async () => heard.length > 0);
    expect(heard).toEqual([`${topics.readerTag(1)} real`]);
  });

  it("delivers a device nothing of others' topics, whatever it subscribes to", async () => {
    // Mosquitto grants a 3.1.1 subscription and checks the ACL on each message it would deliver.
    const machine = await connect('machine-8');
    const heard: string[] = [];
    machine.on('message', (topic) => heard.push(topic));
    for (const topic of [
      topics.machineTasks(7),
      deviceAckTopic('machine', 7),
      'openyard/#',
      'yard/#',
      '#',
      topics.readerTag(1),
    ])
      await machine.subscribeAsync(topic, { qos: 1 }).catch(() => undefined);
    await machine.subscribeAsync(topics.machineTasks(8), { qos: 1 });
    // Another machine's inbox and a reader's tags, each seen arriving where it is allowed to.
    const owner = await eventually(() => connect('machine-7', { clientId: 'machine-7' }).catch(() => null));
    const ownerHeard: string[] = [];
    owner.on('message', (topic) => ownerHeard.push(topic));
    await owner.subscribeAsync(topics.machineTasks(7), { qos: 1 });
    await owner.subscribeAsync(deviceAckTopic('machine', 7), { qos: 1 });
    const listener = await connect(SERVICE_USERNAME, { clientId: 'acl-test-tags' });
    const tags: string[] = [];
    listener.on('message', (topic) => tags.push(topic));
    await listener.subscribeAsync(topics.readerTag(1), { qos: 1 });
    const service = await connect(SERVICE_USERNAME, { clientId: 'acl-test-sender' });
    await service.publishAsync(topics.machineTasks(7), 'for 7', { qos: 1 });
    await service.publishAsync(deviceAckTopic('machine', 7), 'ack for 7', { qos: 1 });
    const reader = await eventually(() => connect('reader-1').catch(() => null));
    await reader.publishAsync(topics.readerTag(1), 'tag', { qos: 1 });
    await eventually(async () => ownerHeard.length > 1 && tags.length > 0);
    // Then its own inbox: once that is there, nothing else came before it.
    await service.publishAsync(topics.machineTasks(8), 'for 8', { qos: 1 });
    await eventually(async () => heard.length > 0);
    expect(heard).toEqual([topics.machineTasks(8)]);
  });
});
