import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deviceLogs } from '@openyard/server/db/schema';
import { tagReads } from '@openyard/server/db/schema';
import { TEST_DATABASE } from '@openyard/server/test/test-app';
import { eventually, startTestStack, type TestStack } from '../test/test-stack';
import { deviceAckTopic, topics, type DeviceAckMessage, type LiveMessage } from '@openyard/contracts';

// The PGlite run checks the embedded topology, the PostgreSQL run the real services.
const mode = TEST_DATABASE === 'postgres' ? 'services' : 'embedded';

let t: TestStack;
let live: Awaited<ReturnType<TestStack['live']>>;

beforeAll(async () => {
  t = await startTestStack(mode);
  const session = await t.login('superadmin');
  live = await t.live(session.cookie, ['gates', 'device-logs']);
}, 90_000);
afterEach(() => t?.closeDevices());
afterAll(() => t?.stop());

const reader = () => t.devices.readers.find((entry) => !entry.silent && entry.gateId !== null)!;
const tagId = () => String(Math.floor(10_000_000 + Math.random() * 89_999_999));

describe(`live pipeline (${mode})`, () => {
  it('turns an MQTT tag read into a row and a websocket message', async () => {
    const { id, username, password } = reader();
    const client = await t.device(username, password);
    const tag = tagId();
    await client.publishAsync(
      topics.readerTag(id),
      JSON.stringify({ messageId: t.newMessageId(), timestamp: Date.now(), tagId: tag, antenna: 2, rssi: -51.5 }),
      { qos: 1 },
    );
    const message = await live.waitFor((m) => m.type === 'gate.tag.v1' && m.data.tagRead.tagId === tag);
    expect(message).toMatchObject({ topic: 'gates', data: { tagRead: { readerId: id, antenna: 2, rssi: -51.5 } } });
    const rows = await t.db.select().from(tagReads).where(eq(tagReads.tagId, tag));
    expect(rows).toHaveLength(1);
    await live.waitFor((m) => m.type === 'deviceLog.entry.v1' && m.data.entry.message.includes(tag));
    // Heard from: the reader is OK, and the gate's health message carries it.
    const health = (await live.waitFor(
      (m) => m.type === 'gate.health.v1' && m.data.readers.some((r) => r.id === id),
    )) as Extract<LiveMessage, { type: 'gate.health.v1' }>;
    expect(health.data.readers.find((r) => r.id === id)?.healthStatus).toBe('OK');
  });

  it('stores a redelivered message once', async () => {
    const { id, username, password } = reader();
    const client = await t.device(username, password, { clientId: `${username}` });
    const tag = tagId();
    const payload = JSON.stringify({ messageId: `redelivered-${tag}`, timestamp: Date.now(), tagId: tag });
    for (let i = 0; i < 3; i += 1) await client.publishAsync(topics.readerTag(id), payload, { qos: 1 });
    await live.waitFor((m) => m.type === 'gate.tag.v1' && m.data.tagRead.tagId === tag);
    // Later copies would have landed by the time a fresh message behind them has.
    const marker = tagId();
    await client.publishAsync(
      topics.readerTag(id),
      JSON.stringify({ messageId: t.newMessageId(), timestamp: Date.now(), tagId: marker }),
      { qos: 1 },
    );
    await live.waitFor((m) => m.type === 'gate.tag.v1' && m.data.tagRead.tagId === marker);
    expect(await t.db.select().from(tagReads).where(eq(tagReads.tagId, tag))).toHaveLength(1);
    const logged = await t.db
      .select()
      .from(deviceLogs)
      .where(eq(deviceLogs.messageId, `redelivered-${tag}`));
    expect(logged).toHaveLength(1);
  });

  it('acknowledges each stored message to its device on its ack topic, a redelivered one again', async () => {
    const { id, username, password } = reader();
    const client = await t.device(username, password);
    // Other stacks on a shared broker acknowledge their own messages on the same demo ids.
    const acked: string[] = [];
    client.on('message', (topic, payload) => {
      if (topic === deviceAckTopic('reader', id))
        acked.push(...(JSON.parse(payload.toString('utf8')) as DeviceAckMessage).messageIds);
    });
    await client.subscribeAsync(deviceAckTopic('reader', id), { qos: 0 });
    const messageId = t.newMessageId();
    const payload = JSON.stringify({ messageId, timestamp: Date.now(), tagId: tagId() });
    await client.publishAsync(topics.readerTag(id), payload, { qos: 1 });
    await eventually(async () => acked.includes(messageId));
    const rows = async () => t.db.select().from(tagReads).where(eq(tagReads.messageId, messageId));
    expect(await rows()).toHaveLength(1);

    // Sent again (its device missed the ack): stored already, so nothing is written, but acknowledged.
    await client.publishAsync(topics.readerTag(id), payload, { qos: 1 });
    await eventually(async () => acked.filter((entry) => entry === messageId).length === 2);
    expect(await rows()).toHaveLength(1);
  });

  it('logs a malformed payload with its reason and writes nothing else', async () => {
    const { id, username, password } = reader();
    const client = await t.device(username, password);
    const messageId = t.newMessageId();
    await client.publishAsync(topics.readerTag(id), JSON.stringify({ messageId, timestamp: Date.now() }), {
      qos: 1,
    });
    await client.publishAsync(topics.readerTag(id), '{not json', { qos: 1 });
    const rejected = await eventually(async () => {
      const rows = await t.db
        .select()
        .from(deviceLogs)
        .where(and(eq(deviceLogs.deviceId, username), eq(deviceLogs.type, 'REJECTED')));
      return rows.length >= 2 ? rows : null;
    });
    expect(rejected.map((row) => row.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Malformed payload: .*tagId/), 'Malformed payload: not JSON']),
    );
    expect(rejected.find((row) => row.messageId === messageId)).toBeDefined();
    expect(await t.db.select().from(tagReads).where(eq(tagReads.messageId, messageId))).toHaveLength(0);
  });

  it('turns a heartbeat into RF_OK, machine telemetry into a position', async () => {
    const { id, username, password } = reader();
    const client = await t.device(username, password);
    const messageId = t.newMessageId();
    await client.publishAsync(
      topics.readerStatus(id),
      JSON.stringify({ messageId, timestamp: Date.now(), rfStatus: 'OK' }),
      { qos: 1 },
    );
    await live.waitFor(
      (m) => m.type === 'deviceLog.entry.v1' && m.data.entry.type === 'RF_OK' && m.data.entry.deviceId === username,
    );

    const machine = t.devices.machines[0]!;
    const machineClient = await t.device(machine.username, machine.password);
    const session = await t.login('superadmin');
    const machines = await t.live(session.cookie, ['machines']);
    await machineClient.publishAsync(
      topics.machineTelemetry(machine.id),
      JSON.stringify({
        messageId: t.newMessageId(),
        timestamp: Date.now(),
        latitude: 18.9491,
        longitude: 72.9512,
        status: 'Working',
      }),
      { qos: 1 },
    );
    const position = await machines.waitFor((m) => m.type === 'machine.position.v1' && m.data.machineId === machine.id);
    expect(position).toMatchObject({ data: { position: { latitude: 18.9491, longitude: 72.9512 }, status: 'green' } });
  });
});

describe.runIf(mode === 'embedded')('embedded broker security', () => {
  it('refuses wrong credentials, a borrowed client id and a second connection of a connected device', async () => {
    const { username, password } = reader();
    await expect(t.device(username, 'wrong-password', { clientId: `${username}-x` })).rejects.toThrow();
    await expect(t.device(username, password, { clientId: 'someone-else' })).rejects.toThrow();
    const first = await t.device(username, password);
    await expect(t.device(username, password)).rejects.toThrow();
    expect(first.connected).toBe(true);
  });

  it("refuses a device publishing to another device's topic", async () => {
    const [mine, other] = t.devices.readers;
    const client = await t.device(mine!.username, mine!.password);
    const tag = tagId();
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(
      topics.readerTag(other!.id),
      JSON.stringify({ messageId: t.newMessageId(), timestamp: Date.now(), tagId: tag }),
      { qos: 1 },
    );
    await closed;
    // A fresh message from a device that may publish lands; the refused one never does.
    const own = await t.device(other!.username, other!.password);
    const marker = tagId();
    await own.publishAsync(
      topics.readerTag(other!.id),
      JSON.stringify({ messageId: t.newMessageId(), timestamp: Date.now(), tagId: marker }),
      { qos: 1 },
    );
    await live.waitFor((m) => m.type === 'gate.tag.v1' && m.data.tagRead.tagId === marker);
    expect(await t.db.select().from(tagReads).where(eq(tagReads.tagId, tag))).toHaveLength(0);
  });
});
