import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAckTopic, topics } from '@openyard/contracts';
import { SERVICE_USERNAME, startEmbeddedBroker, type EmbeddedBroker } from '../adapters/broker';
import { eventually } from '../test/eventually';
import { READER_1_FORGED_TOPICS } from '../test/forged-topics';

// Device impersonation on the embedded broker (issue 23): a device with its own good login cannot
// take another device's client id (and push it off), log in as another device or as the service,
// publish outside its own topic prefix, or subscribe to anything but its own inbox. The same cases
// run against Mosquitto with the generated ACL in runtime/src/mosquitto-acl.test.ts.

const PASSWORDS: Record<string, string> = {
  'reader-1': 'reader-1-secret',
  'reader-2': 'reader-2-secret',
  'machine-7': 'machine-7-secret',
  'machine-8': 'machine-8-secret',
};
const SERVICE_PASSWORD = 'service-secret';

let broker: EmbeddedBroker;
const clients: MqttClient[] = [];

beforeAll(async () => {
  broker = await startEmbeddedBroker({
    port: 0,
    servicePassword: SERVICE_PASSWORD,
    checkDevice: async (username, password) => (PASSWORDS[username] === password ? 'accepted' : 'refused'),
    logger: pino({ level: 'silent' }),
  });
});
afterAll(async () => {
  for (const client of clients) await client.endAsync(true);
  await broker?.close();
});

function connect(username: string, options: { clientId?: string; password?: string } = {}): Promise<MqttClient> {
  const client = mqtt.connect(broker.url, {
    clientId: options.clientId ?? username,
    username,
    password: options.password ?? (username === SERVICE_USERNAME ? SERVICE_PASSWORD : PASSWORDS[username]),
    reconnectPeriod: 0,
  });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', reject);
    client.once('close', () => reject(new Error('Closed before CONNACK')));
  });
}

describe('device impersonation on the embedded broker', () => {
  it("refuses a device that takes another device's client id, and keeps that device connected", async () => {
    const victim = await connect('machine-7');
    await expect(connect('machine-8', { clientId: 'machine-7' })).rejects.toThrow(/Identifier rejected/i);
    await expect(connect('machine-8', { clientId: 'anything-else' })).rejects.toThrow(/Identifier rejected/i);
    // Another device's name with one's own password, or the service's name: bad credentials.
    await expect(connect('machine-7', { password: PASSWORDS['machine-8']! })).rejects.toThrow(
      /Bad username or password/i,
    );
    await expect(connect(SERVICE_USERNAME, { password: PASSWORDS['machine-8']!, clientId: 'ingest' })).rejects.toThrow(
      /Bad username or password/i,
    );
    expect(victim.connected).toBe(true);
  });

  it('cuts a device that publishes outside its own prefix, and delivers nothing of it', async () => {
    const service = await connect(SERVICE_USERNAME, { clientId: 'service-listener' });
    const heard: string[] = [];
    service.on('message', (topic) => heard.push(topic));
    await service.subscribeAsync('yard/#', { qos: 1 });
    const own = topics.readerTag(1);
    for (const topic of [...READER_1_FORGED_TOPICS, '$SYS/broker/uptime', 'elsewhere/anything']) {
      // The broker may still be dropping the previous connection of the same device.
      const reader = await eventually(() => connect('reader-1').catch(() => null));
      const closed = new Promise<void>((resolve) => reader.once('close', () => resolve()));
      reader.publish(topic, 'forged', { qos: 1 });
      await closed;
      clients.splice(clients.indexOf(reader), 1);
    }
    // Its own prefix is delivered, and it is the only thing that was.
    const reader = await eventually(() => connect('reader-1').catch(() => null));
    await reader.publishAsync(own, 'real', { qos: 1 });
    await eventually(async () => heard.length > 0);
    expect(heard).toEqual([own]);
  });

  it("refuses a device's subscriptions to anything but its own inbox", async () => {
    const machine = await connect('machine-8');
    for (const topic of [
      topics.machineTasks(7),
      deviceAckTopic('machine', 7),
      deviceAckTopic('reader', 8),
      'openyard/#',
      'openyard/+/8/ack',
      'yard/#',
      '#',
      '+/+/+/+',
      topics.readerTag(1),
      '$SYS/#',
    ])
      await expect(machine.subscribeAsync(topic, { qos: 1 }), topic).rejects.toThrow(/Subscribe error/);
    expect((await machine.subscribeAsync(topics.machineTasks(8), { qos: 1 }))[0]!.qos).toBe(1);
    expect((await machine.subscribeAsync(deviceAckTopic('machine', 8), { qos: 0 }))[0]!.qos).toBe(0);
  });
});
