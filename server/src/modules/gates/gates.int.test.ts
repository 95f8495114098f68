import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GateInput, GateReaderInput, LiveMessage } from '@openyard/contracts';
import { outcome } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createHealthAgeingService } from '../devices';
import { outboxEvents } from '../../db/schema';
import { gateReaders } from './gates.table';
import { projectEvents } from '../../live/projection';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
const events: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  t.bus.subscribe((batch) => events.push(...projectEvents(batch)));
});
afterAll(() => t.close());

// Payloads the schema refuses, sent as they are (the typed client would not let them through).
const raw = async (url: string, payload: object) => {
  const response = await t.app.inject({ method: 'POST', url, headers: superadmin.auth, payload });
  return { status: response.statusCode, body: response.json<{ message: string }>() };
};
const gateInput = (name: string): GateInput => ({
  name,
  type: 'IN',
  positionLat: 18.95,
  positionLong: 72.95,
  camConfig: [{ id: 'Front', name: 'Front cam' }],
});
const readerInput = (name: string, gateId?: number): GateReaderInput => ({
  name,
  readerType: 'GATEIN',
  ip: '10.0.0.7',
  ...(gateId ? { gate: { id: gateId } } : {}),
});
const createGate = async (name: string) => (await superadmin.api.gates.create({ body: gateInput(name) })).gate;
const createReader = async (name: string, gateId: number) =>
  (await superadmin.api.gates.createReader({ body: readerInput(name, gateId) })).reader;

describe('gates', () => {
  it('validates with the spec messages', async () => {
    expect((await raw('/rest/enterprise/gate', { ...gateInput(''), name: ' ' })).body).toMatchObject({
      message: "Gate name can't be empty",
    });
    expect((await raw('/rest/enterprise/gate', { name: 'G', positionLong: 1 })).body).toMatchObject({
      message: "Gate latitude type can't be empty",
    });
    expect((await raw('/rest/enterprise/gate', { name: 'G', positionLat: 1 })).body).toMatchObject({
      message: "Gate longitude can't be empty",
    });
    expect((await raw('/rest/enterprise/gate/reader', { readerType: 'GATEIN', ip: '1.2.3.4' })).body).toMatchObject({
      message: "Reader's name can't be empty",
    });
    expect((await raw('/rest/enterprise/gate/reader', { name: 'R', ip: '1.2.3.4' })).body).toMatchObject({
      message: "Reader's type can't be empty",
    });
    expect((await raw('/rest/enterprise/gate/reader', { name: 'R', readerType: 'GATEIN' })).body).toMatchObject({
      message: "Reader's IP can't be empty",
    });
    expect(
      (await raw('/rest/enterprise/gate/reader', { name: 'R', readerType: 'GATEIN', ip: 'not-an-ip' })).status,
    ).toBe(400);
  });

  it('creates a gate with camera credentials shown once, and keeps names unique', async () => {
    const created = await superadmin.api.gates.create({ body: gateInput('North Gate') });
    expect(created.gate).toMatchObject({ name: 'North Gate', type: 'IN', healthStatus: 'OK', readers: [] });
    expect(created.credentials!.mqttUsername).toBe(`camera-${created.gate.id}`);
    expect(created.credentials!.mqttPassword.length).toBeGreaterThanOrEqual(20);
    const fetched = await superadmin.api.gates.get({ params: { id: created.gate.id } });
    expect(fetched).not.toHaveProperty('credentials');
    expect((await outcome(superadmin.api.gates.create({ body: gateInput('North Gate') }))).status).toBe(409);
  });

  it('adds, updates, disassociates and deletes readers, and publishes each change', async () => {
    const gate = await createGate('East Gate');
    const created = await superadmin.api.gates.createReader({ body: readerInput('East-A', gate.id) });
    const reader = created.reader;
    expect(reader).toMatchObject({
      name: 'East-A',
      gate: { id: gate.id },
      healthStatus: 'NOK',
      statusLastReceived: null,
    });
    expect(created.credentials!.mqttUsername).toBe(`reader-${reader.id}`);
    await t.relay.kick();
    expect(events.some((event) => event.type === 'gate.reader.v1' && event.data.reader.id === reader.id)).toBe(true);

    const updated = await superadmin.api.gates.updateReader({
      params: { id: reader.id },
      body: { ...readerInput('East-A2', gate.id), ip: '10.0.0.8' },
    });
    expect(updated.reader).toMatchObject({ name: 'East-A2', ip: '10.0.0.8' });

    const detach = () =>
      outcome(superadmin.api.gates.disassociateReader({ params: { gateId: gate.id, readerId: reader.id } }));
    const detached = await detach();
    expect(detached.status).toBe(200);
    expect(detached.body.reader.gate).toBeNull();
    const unused = await superadmin.api.gates.unusedReaders();
    expect(unused.map((r) => r.id)).toContain(reader.id);
    expect((await detach()).status).toBe(404);

    expect(await superadmin.api.gates.deleteReader({ params: { id: reader.id } })).toEqual({
      responsestatus: 'success',
    });
    await t.relay.kick();
    expect(events.some((event) => event.type === 'gate.readerRemoved.v1' && event.data.readerId === reader.id)).toBe(
      true,
    );
  });

  it('deletes a gate with or without its readers', async () => {
    const keep = await createGate('West Gate');
    const kept = await createReader('West-A', keep.id);
    await superadmin.api.gates.delete({ params: { id: keep.id }, query: { deleteReaders: false } });
    const readers = await superadmin.api.gates.readers();
    expect(readers.find((r) => r.id === kept.id)?.gate).toBeNull();

    const drop = await createGate('South Gate');
    const dropped = await createReader('South-A', drop.id);
    await superadmin.api.gates.delete({ params: { id: drop.id }, query: { deleteReaders: true } });
    expect((await superadmin.api.gates.readers()).find((r) => r.id === dropped.id)).toBeUndefined();
    expect((await outcome(superadmin.api.gates.get({ params: { id: drop.id } }))).status).toBe(404);
  });

  it('lets gate users read gates but only superadmin change them', async () => {
    const gatein = await t.login('gatein');
    expect((await outcome(gatein.api.gates.list())).status).toBe(200);
    expect((await outcome(gatein.api.gates.create({ body: gateInput('Sneaky Gate') }))).status).toBe(403);
    const admin = await t.login('admin');
    expect((await outcome(admin.api.gates.createReader({ body: readerInput('Sneaky-R') }))).status).toBe(403);
  });
});

describe('health ageing', () => {
  it('turns readers Idle then NOK as time passes, publishing only transitions', async () => {
    const gate = await createGate('Ageing Gate');
    const reader = await createReader('Ageing-A', gate.id);
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

    const healthOf = () => superadmin.api.gates.get({ params: { id: gate.id } });
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
