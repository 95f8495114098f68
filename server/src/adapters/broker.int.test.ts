import { connect as connectTcp, type Socket } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { eventually } from '../test/eventually';
import { topics } from '@openyard/contracts';
import { SERVICE_USERNAME, startEmbeddedBroker, type DeviceLoginResult, type EmbeddedBroker } from './broker';

// The embedded broker on a real socket, probed byte by byte where a well-behaved client library
// would not go (a CONNECT announcing 200 MB, a socket that drops before its CONNACK).
const logger = pino({ level: 'silent' });
const PASSWORD = 'right-password';
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function broker(options: Partial<Parameters<typeof startEmbeddedBroker>[0]> = {}): Promise<EmbeddedBroker> {
  // A device check that answers on a later turn, as the real one (cache or argon2) does.
  const checkDevice = (_username: string, password: string) =>
    new Promise<DeviceLoginResult>((resolve) =>
      setTimeout(() => resolve(password === PASSWORD ? 'accepted' : 'refused'), 1),
    );
  const started = await startEmbeddedBroker({ port: 0, servicePassword: 'service', checkDevice, logger, ...options });
  cleanups.push(() => started.close());
  return started;
}

async function device(b: EmbeddedBroker, username: string, password = PASSWORD): Promise<MqttClient> {
  const client = mqtt.connect(b.url, { clientId: username, username, password, reconnectPeriod: 0 });
  cleanups.push(() => client.endAsync(true));
  // A socket the broker cuts before its CONNACK only closes: that is a refusal too.
  await new Promise((resolve, reject) => {
    client.once('connect', resolve);
    client.once('error', reject);
    client.once('close', () => reject(new Error('Closed before CONNACK')));
  });
  return client;
}

// MQTT 3.1.1 CONNECT with a clean session, written by hand so a test can drop the socket anywhere.
function connectPacket(clientId: string, username: string, password: string) {
  const field = (value: string) => {
    const bytes = Buffer.from(value);
    return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
  };
  const body = Buffer.concat([
    field('MQTT'),
    Buffer.from([4, 0b1100_0010, 0, 30]), // level 4; username, password, clean session; keep-alive 30 s
    field(clientId),
    field(username),
    field(password),
  ]);
  return Buffer.concat([Buffer.from([0x10, body.length]), body]);
}

// A QoS 0 PUBLISH.
function publishPacket(topic: string, payload: string) {
  const name = Buffer.from(topic);
  const body = Buffer.concat([Buffer.from([name.length >> 8, name.length & 0xff]), name, Buffer.from(payload)]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}

function rawSocket(b: EmbeddedBroker): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp(b.port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
    cleanups.push(() => void socket.destroy());
  });
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe('embedded broker', () => {
  it('never locks out a flaky device: 100 connects dropped at every stage, then a clean connect', async () => {
    const b = await broker();
    const username = 'reader-7';
    for (let cycle = 0; cycle < 100; cycle += 1) {
      const socket = await rawSocket(b);
      socket.on('error', () => undefined);
      socket.write(connectPacket(username, username, PASSWORD));
      switch (cycle % 4) {
        case 0: // gone before the password is even checked
          socket.destroy();
          break;
        case 1: // gone while it is checked, before the CONNACK
          await new Promise((resolve) => setTimeout(resolve, cycle % 3));
          socket.destroy();
          break;
        case 2: // gone the moment the CONNACK arrives, before aedes calls the client ready
          await new Promise((resolve) => socket.once('data', resolve));
          socket.destroy();
          break;
        case 3: // publishes to another reader's topic right after its CONNACK: the broker drops it
          await new Promise((resolve) => socket.once('data', resolve));
          socket.write(publishPacket('yard/readers/8/tag', '{}'));
          await closed(socket);
          break;
      }
      await closed(socket);
    }
    // The broker may still be finishing the last drops; the device gets in once it has.
    const client = await eventually(() => device(b, username).catch(() => null));
    expect(client.connected).toBe(true);
    // ...and while it is connected, a second connection with its id is still refused.
    await expect(device(b, username)).rejects.toThrow(/Identifier rejected/i);
    expect(client.connected).toBe(true);
  });

  it('refuses a second device connection that logs in at the same time as the first', async () => {
    // Both passwords check out in the same turn, as two cached logins would.
    const pending: (() => void)[] = [];
    const b = await broker({
      checkDevice: () =>
        new Promise<DeviceLoginResult>((resolve) => {
          pending.push(() => resolve('accepted'));
          if (pending.length === 2) for (const release of pending) release();
        }),
    });
    const results = await Promise.allSettled([device(b, 'reader-9'), device(b, 'reader-9')]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    // Refused as a duplicate, not taken over by the newcomer (which would push the first one off).
    const refused = results.find((result) => result.status === 'rejected');
    expect(String(refused?.reason)).toMatch(/Identifier rejected/i);
  });

  it('answers a wrong password as such, without telling whether the device is online', async () => {
    const b = await broker();
    await device(b, 'reader-3');
    await expect(device(b, 'reader-3', 'wrong')).rejects.toThrow(/Bad username or password/i);
  });

  it('cuts a CONNECT announcing 200 MB after its header, before buffering it', async () => {
    const b = await broker({ connectTimeoutMs: 60_000 });
    const socket = await rawSocket(b);
    socket.on('error', () => undefined);
    // Type CONNECT, remaining length 200,000,000 (variable-length encoding), then a start of body.
    socket.write(Buffer.from([0x10, 0x80, 0x84, 0xaf, 0x5f]));
    socket.write(Buffer.alloc(16 * 1024));
    await closed(socket);
    expect(socket.destroyed).toBe(true);
  });

  it('cuts a device packet larger than the limit, and takes one below it', async () => {
    const b = await broker({ maxPacketBytes: 100 * 1024 });
    const client = await device(b, 'camera-2');
    await client.publishAsync('yard/cameras/2/Front/frame', Buffer.alloc(50 * 1024), { qos: 1 });
    const gone = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish('yard/cameras/2/Front/frame', Buffer.alloc(200 * 1024), { qos: 1 });
    await gone;
  });

  it('closes a connection that sends no CONNECT in time', async () => {
    const b = await broker({ connectTimeoutMs: 200 });
    const socket = await rawSocket(b);
    socket.on('error', () => undefined);
    await closed(socket);
  });

  it('limits connections per address, and takes new ones as others close', async () => {
    const b = await broker({ maxConnectionsPerAddress: 3 });
    const idle = [await rawSocket(b), await rawSocket(b)];
    await device(b, 'reader-1');
    await expect(device(b, 'reader-2')).rejects.toThrow();
    idle[0]!.destroy();
    await eventually(() => device(b, 'reader-2').catch(() => null));
  });

  it('limits connections per address that have not sent their CONNECT yet', async () => {
    const b = await broker({ connectTimeoutMs: 60_000 });
    const idle = [];
    for (let index = 0; index < 32; index += 1) idle.push(await rawSocket(b));
    const extra = await rawSocket(b);
    await closed(extra);
    for (const socket of idle) socket.destroy();
    await eventually(() => device(b, 'reader-4').catch(() => null));
  });

  it('listens on loopback unless MQTT_HOST says otherwise', async () => {
    expect(loadConfig({}).mqttHost).toBe('127.0.0.1');
    expect(loadConfig({ MQTT_HOST: '0.0.0.0' }).mqttHost).toBe('0.0.0.0');
    const b = await broker();
    expect(b.url).toBe(`mqtt://127.0.0.1:${b.port}`);
  });

  it('lets a machine read only its own inbox, and only the service write there', async () => {
    const b = await broker();
    const service = await device(b, SERVICE_USERNAME, 'service');
    const machine = await device(b, 'machine-7');
    const other = await device(b, 'machine-8');
    const received: string[] = [];
    machine.on('message', (topic, payload) => received.push(`${topic} ${payload.toString()}`));
    expect((await machine.subscribeAsync(topics.machineTasks(7), { qos: 1 }))[0]!.qos).toBe(1);
    // Another machine's inbox, a wildcard over the inboxes, the device topics: each refused (0x80).
    for (const topic of [topics.machineTasks(7), 'openyard/#', 'yard/#'])
      await expect(other.subscribeAsync(topic, { qos: 1 }), topic).rejects.toThrow(/Subscribe error/);
    await service.publishAsync(topics.machineTasks(7), 'queue', { qos: 1, retain: true });
    await eventually(async () => received.length === 1);
    expect(received).toEqual([`${topics.machineTasks(7)} queue`]);
    // A machine that writes its own queue is cut off, and nothing reaches its subscription.
    const closedAfter = new Promise<void>((resolve) => machine.once('close', () => resolve()));
    machine.publish(topics.machineTasks(7), 'forged', { qos: 1 });
    await closedAfter;
    expect(received).toHaveLength(1);
  });
});
