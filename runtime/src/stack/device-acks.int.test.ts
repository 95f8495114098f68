import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { like, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { topics } from '@openyard/contracts';
import { connectMqttPublisher } from '@openyard/server/adapters/mqtt-publisher';
import { tagReads } from '@openyard/server/db/schema';
import { createDeviceAcks } from '@openyard/server/modules/devices';
import { TEST_DATABASE } from '@openyard/server/test/test-app';
import { ackedPublisher } from '@openyard/simulator/acked-publisher';
import { installed, startPrivateMosquitto, unreachableServices, type PrivateService } from '../test/processes';
import { eventually, startTestStack } from '../test/test-stack';

// The device side of exactly-once (DESIGN.md §6): a device keeps each message until the pipeline's
// ack says it is stored, and sends it again after a reconnect. A Mosquitto of the test's own, killed
// with SIGKILL: it loses what it acknowledged since its last save (the shared one is never touched).
// In the PostgreSQL run, on the real services; skipped with the reason without them, unless CI is set.
const missing =
  TEST_DATABASE !== 'postgres'
    ? 'the PostgreSQL run has them'
    : ((await unreachableServices()) ?? (installed('mosquitto', ['-h']) ? null : 'mosquitto is not installed'));
if (TEST_DATABASE === 'postgres' && missing && process.env.CI) throw new Error(`The device ack tests need ${missing}`);

// A device that reconnects first sends again before the subscriber is back and subscribed, into a
// topic nobody listens to yet; the overdue ack makes it send again. Short here, 30 s by default.
const RESEND_AFTER_MS = 2000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.error(error));
});

async function privateBroker() {
  const dir = mkdtempSync(join(tmpdir(), 'openyard-acks-'));
  const broker: { current: PrivateService } = { current: await startPrivateMosquitto(join(dir, 'mosquitto')) };
  cleanups.push(async () => {
    await broker.current.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  return broker;
}

async function connect(url: string, options: mqtt.IClientOptions = {}) {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 200, connectTimeout: 5000, ...options });
  cleanups.push(() => client.endAsync(true));
  return client;
}

describe.skipIf(missing)('device acks and resends', () => {
  it('sends again, after the broker was killed, what the broker acknowledged and no ack named', async () => {
    const broker = await privateBroker();
    const url = broker.current.url;
    // A subscriber in ingest's place: a persistent session at QoS 1 that takes messages in but, for
    // now, stores nothing, so no ack comes.
    const heard: string[] = [];
    const listener = await connect(url, { clientId: 'acks-test-ingest', clean: false });
    listener.on('message', (_topic, payload) =>
      heard.push((JSON.parse(payload.toString()) as { messageId: string }).messageId),
    );
    listener.on('connect', () => void listener.subscribe('yard/#', { qos: 1 }));
    await listener.subscribeAsync('yard/#', { qos: 1 });

    const device = await connect(url, { clientId: 'acks-test-reader' });
    const publisher = ackedPublisher(device, { resendAfterMs: RESEND_AFTER_MS });
    cleanups.push(async () => publisher.close());
    const ids = Array.from({ length: 20 }, (_, n) => `acks-test-${Date.now()}-${n}`);
    const stored = Promise.all(
      ids.map((messageId) =>
        publisher.publish(
          topics.readerTag(5),
          JSON.stringify({ messageId, timestamp: Date.now(), tagId: 'T1' }),
          messageId,
        ),
      ),
    );
    await eventually(async () => ids.every((id) => heard.includes(id)));
    expect(publisher.pending()).toBe(ids.length);

    // Killed before its next save: the listener's session and whatever it held are gone.
    await broker.current.kill('SIGKILL');
    heard.length = 0;
    broker.current = await broker.current.restart();
    await eventually(async () => ids.every((id) => heard.includes(id)), 20_000);
    expect(publisher.resent()).toBeGreaterThanOrEqual(ids.length);

    // Now stored: the pipeline's acks (as the workers publish them) let the device forget them.
    const service = connectMqttPublisher({ url, clientId: 'acks-test-service', logger: pino({ level: 'silent' }) });
    cleanups.push(() => service.close());
    await new Promise<void>((resolve) => service.onConnect(resolve));
    createDeviceAcks((topic, payload) => service.send(topic, payload)).stored(
      ids.map((messageId) => ({ device: { kind: 'reader', id: 5 }, messageId })),
    );
    await stored;
    expect(publisher.pending()).toBe(0);
  }, 60_000);

  it('stores every message of a device once through a broker kill, and acknowledges each', async () => {
    const broker = await privateBroker();
    // Openyard in this process on PostgreSQL and Redis, with ingest on the private broker.
    const stack = await startTestStack('services', { MQTT_URL: broker.current.url });
    cleanups.push(() => stack.stop());
    const reader = stack.devices.readers.find((entry) => !entry.silent && entry.gateId !== null)!;
    const device = await connect(broker.current.url, { clientId: `acks-test-${reader.username}` });
    const publisher = ackedPublisher(device, { resendAfterMs: RESEND_AFTER_MS });
    cleanups.push(async () => publisher.close());
    const run = stack.newMessageId();
    const ids = Array.from({ length: 1500 }, (_, n) => `${run}-${n}`);
    let acknowledged = 0;
    const stored = Promise.all(
      ids.map((messageId, n) =>
        publisher
          .publish(
            topics.readerTag(reader.id),
            JSON.stringify({ messageId, timestamp: Date.now(), tagId: `A${String(n).padStart(6, '0')}` }),
            messageId,
          )
          .then(() => (acknowledged += 1)),
      ),
    );
    // Killed while most of the burst is still on its way to ingest.
    await eventually(async () => acknowledged >= 100, 30_000);
    await broker.current.kill('SIGKILL');
    broker.current = await broker.current.restart();
    await stored;
    if (publisher.resent() === 0)
      console.warn('The broker had delivered every message before its kill: no resend was needed');

    const rows = await stack.db
      .select({ messageId: tagReads.messageId, copies: sql<number>`count(*)::int` })
      .from(tagReads)
      .where(like(tagReads.messageId, `${run}-%`))
      .groupBy(tagReads.messageId);
    expect(rows.map((row) => row.messageId).sort()).toEqual([...ids].sort());
    expect(rows.filter((row) => row.copies !== 1)).toEqual([]);
  }, 240_000);
});
