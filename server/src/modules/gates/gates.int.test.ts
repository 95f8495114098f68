import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gate, GateReader, LiveMessage } from '@openyard/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createHealthAgeingService } from '../devices';
import { outboxEvents } from '../../db/schema';
import { gateReaders } from './gates.table';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
const events: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  t.bus.subscribe((batch) => events.push(...batch));
});
afterAll(() => t.close());

const api = async <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  auth = superadmin.auth,
) => {
  const response = await t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json<T>() };
};
const gateInput = (name: string) => ({
  name,
  type: 'IN',
  positionLat: 18.95,
  positionLong: 72.95,
  camConfig: [{ id: 'Front', name: 'Front cam' }],
});
const readerInput = (name: string, gateId?: number) => ({
  name,
  readerType: 'GATEIN',
  ip: '10.0.0.7',
  ...(gateId ? { gate: { id: gateId } } : {}),
});

describe('gates', () => {
  it('validates with the spec messages', async () => {
    expect((await api('POST', '/rest/enterprise/gate', { ...gateInput(''), name: ' ' })).body).toMatchObject({
      message: "Gate name can't be empty",
    });
    expect((await api('POST', '/rest/enterprise/gate', { name: 'G', positionLong: 1 })).body).toMatchObject({
      message: "Gate latitude type can't be empty",
    });
    expect((await api('POST', '/rest/enterprise/gate', { name: 'G', positionLat: 1 })).body).toMatchObject({
      message: "Gate longitude can't be empty",
    });
    expect(
      (await api('POST', '/rest/enterprise/gate/reader', { readerType: 'GATEIN', ip: '1.2.3.4' })).body,
    ).toMatchObject({ message: "Reader's name can't be empty" });
    expect((await api('POST', '/rest/enterprise/gate/reader', { name: 'R', ip: '1.2.3.4' })).body).toMatchObject({
      message: "Reader's type can't be empty",
    });
    expect((await api('POST', '/rest/enterprise/gate/reader', { name: 'R', readerType: 'GATEIN' })).body).toMatchObject(
      { message: "Reader's IP can't be empty" },
    );
    expect(
      (await api('POST', '/rest/enterprise/gate/reader', { name: 'R', readerType: 'GATEIN', ip: 'not-an-ip' })).status,
    ).toBe(400);
  });

  it('creates a gate with camera credentials shown once, and keeps names unique', async () => {
    const created = await api<{ gate: Gate; credentials: { mqttUsername: string; mqttPassword: string } }>(
      'POST',
      '/rest/enterprise/gate',
      gateInput('North Gate'),
    );
    expect(created.status).toBe(200);
    expect(created.body.gate).toMatchObject({ name: 'North Gate', type: 'IN', healthStatus: 'OK', readers: [] });
    expect(created.body.credentials.mqttUsername).toBe(`camera-${created.body.gate.id}`);
    expect(created.body.credentials.mqttPassword.length).toBeGreaterThanOrEqual(20);
    const fetched = await api<Gate & { credentials?: unknown }>('GET', `/rest/enterprise/gate/${created.body.gate.id}`);
    expect(fetched.body).not.toHaveProperty('credentials');
    expect((await api('POST', '/rest/enterprise/gate', gateInput('North Gate'))).status).toBe(409);
  });

  it('adds, updates, disassociates and deletes readers, and publishes each change', async () => {
    const gate = (await api<{ gate: Gate }>('POST', '/rest/enterprise/gate', gateInput('East Gate'))).body.gate;
    const created = await api<{ reader: GateReader; credentials: { mqttUsername: string } }>(
      'POST',
      '/rest/enterprise/gate/reader',
      readerInput('East-A', gate.id),
    );
    const reader = created.body.reader;
    expect(reader).toMatchObject({
      name: 'East-A',
      gate: { id: gate.id },
      healthStatus: 'NOK',
      statusLastReceived: null,
    });
    expect(created.body.credentials.mqttUsername).toBe(`reader-${reader.id}`);
    await t.relay.kick();
    expect(events.some((event) => event.type === 'gate.reader.v1' && event.data.reader.id === reader.id)).toBe(true);

    const updated = await api<{ reader: GateReader }>('PUT', `/rest/enterprise/gate/reader/${reader.id}`, {
      ...readerInput('East-A2', gate.id),
      ip: '10.0.0.8',
    });
    expect(updated.body.reader).toMatchObject({ name: 'East-A2', ip: '10.0.0.8' });

    const detached = await api<{ reader: GateReader }>('PUT', `/rest/enterprise/gate/${gate.id}/reader/${reader.id}`);
    expect(detached.body.reader.gate).toBeNull();
    const unused = await api<GateReader[]>('GET', '/rest/enterprise/gate/unused-readers');
    expect(unused.body.map((r) => r.id)).toContain(reader.id);
    expect((await api('PUT', `/rest/enterprise/gate/${gate.id}/reader/${reader.id}`)).status).toBe(404);

    expect((await api('DELETE', `/rest/enterprise/gate/reader/${reader.id}`)).body).toEqual({
      responsestatus: 'success',
    });
    await t.relay.kick();
    expect(events.some((event) => event.type === 'gate.readerRemoved.v1' && event.data.readerId === reader.id)).toBe(
      true,
    );
  });

  it('deletes a gate with or without its readers', async () => {
    const keep = (await api<{ gate: Gate }>('POST', '/rest/enterprise/gate', gateInput('West Gate'))).body.gate;
    const kept = (
      await api<{ reader: GateReader }>('POST', '/rest/enterprise/gate/reader', readerInput('West-A', keep.id))
    ).body.reader;
    await api('DELETE', `/rest/enterprise/gate/${keep.id}?deleteReaders=false`);
    const readers = (await api<GateReader[]>('GET', '/rest/enterprise/gate/reader')).body;
    expect(readers.find((r) => r.id === kept.id)?.gate).toBeNull();

    const drop = (await api<{ gate: Gate }>('POST', '/rest/enterprise/gate', gateInput('South Gate'))).body.gate;
    const dropped = (
      await api<{ reader: GateReader }>('POST', '/rest/enterprise/gate/reader', readerInput('South-A', drop.id))
    ).body.reader;
    await api('DELETE', `/rest/enterprise/gate/${drop.id}?deleteReaders=true`);
    expect(
      (await api<GateReader[]>('GET', '/rest/enterprise/gate/reader')).body.find((r) => r.id === dropped.id),
    ).toBeUndefined();
    expect((await api('GET', `/rest/enterprise/gate/${drop.id}`)).status).toBe(404);
  });

  it('lets gate users read gates but only superadmin change them', async () => {
    const gatein = await t.login('gatein');
    expect((await api('GET', '/rest/enterprise/gate', undefined, gatein.auth)).status).toBe(200);
    expect((await api('POST', '/rest/enterprise/gate', gateInput('Sneaky Gate'), gatein.auth)).status).toBe(403);
    const admin = await t.login('admin');
    expect((await api('POST', '/rest/enterprise/gate/reader', readerInput('Sneaky-R'), admin.auth)).status).toBe(403);
  });
});

describe('health ageing', () => {
  it('turns readers Idle then NOK as time passes, publishing only transitions', async () => {
    const gate = (await api<{ gate: Gate }>('POST', '/rest/enterprise/gate', gateInput('Ageing Gate'))).body.gate;
    const reader = (
      await api<{ reader: GateReader }>('POST', '/rest/enterprise/gate/reader', readerInput('Ageing-A', gate.id))
    ).body.reader;
    const ageing = createHealthAgeingService(t.db, {
      thresholds: t.config.health,
      afterCommit: () => void t.relay.kick(),
    });
    const heardAt = Date.now();
    await t.db
      .update(gateReaders)
      .set({ statusLastReceived: new Date(heardAt), healthStatus: 'OK' })
      .where(sql`${gateReaders.id} = ${reader.id}`);
    await ageing.age(heardAt + 1000);
    const before = await t.db.select({ count: sql<number>`count(*)::int` }).from(outboxEvents);

    // Nothing changed: nothing is published.
    await ageing.age(heardAt + 2000);
    const unchanged = await t.db.select({ count: sql<number>`count(*)::int` }).from(outboxEvents);
    expect(unchanged[0]?.count).toBe(before[0]?.count);

    const healthOf = async () => (await api<Gate>('GET', `/rest/enterprise/gate/${gate.id}`)).body;
    await ageing.age(heardAt + t.config.health.readerIdleAfterMs + 1000);
    await t.relay.kick();
    const idle = events.findLast((event) => event.type === 'gate.health.v1' && event.data.gateId === gate.id);
    expect(idle).toMatchObject({ data: { healthStatus: 'Idle', readers: [{ id: reader.id, healthStatus: 'Idle' }] } });

    await ageing.age(heardAt + t.config.health.readerNokAfterMs + 1000);
    await t.relay.kick();
    const nok = events.findLast((event) => event.type === 'gate.health.v1' && event.data.gateId === gate.id);
    expect(nok).toMatchObject({ data: { healthStatus: 'NOK' } });
    // The REST view computes health from the same rule.
    expect((await healthOf()).readers[0]?.statusLastReceived).toBe(heardAt);
  });
});
