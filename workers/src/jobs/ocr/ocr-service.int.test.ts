import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GateInput, LiveMessage, OcrDiffInput } from '@openyard/contracts';
import { projectEvents } from '@openyard/server/live/projection';
import { outcome } from '@openyard/server/test/api-client';
import { createMemoryQueue } from '@openyard/server/adapters/queue';
import { deviceLogs } from '@openyard/server/db/schema';
import { ocrDiffs, ocrFrames, ocrRecords, type StoredFrameRead } from '@openyard/server/db/schema';
import { type FrameOutcome } from '@openyard/server/modules/ocr';
import { createTestApp, createUserWithPermissions, type TestApp } from '@openyard/server/test/test-app';
import { fuseVisit } from '../../ocr/index';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
const events: LiveMessage[] = [];
const ocrQueue = createMemoryQueue({ logger: pino({ level: 'silent' }) });
const WINDOW_MS = 4000;

beforeAll(async () => {
  t = await createTestApp({ ocrQueue, env: { OCR_VISIT_WINDOW_MS: String(WINDOW_MS) } });
  superadmin = await t.login('superadmin');
  t.bus.subscribe((batch) => events.push(...projectEvents(batch)));
});
afterAll(() => t.close());

// A payload the schema refuses, sent as it is (the typed client would not let it through).
const raw = async (method: 'POST' | 'PUT', url: string, payload: object) => {
  const response = await t.app.inject({ method, url, headers: superadmin.auth, payload });
  return { status: response.statusCode, body: response.json<{ message: string }>() };
};
const count = async (gateId: number) => (await superadmin.api.ocr.count({ query: { gateId } })).count;

let gateCounter = 0;
async function newGate(cameras: NonNullable<GateInput['camConfig']>[number]['id'][] = ['Front', 'Rear']) {
  gateCounter += 1;
  const saved = await superadmin.api.gates.create({
    body: {
      name: `OCR gate ${gateCounter} ${Date.now()}`,
      type: 'OUT',
      positionLat: 18.95,
      positionLong: 72.95,
      camConfig: cameras.map((id) => ({ id, name: `${id} cam` })),
    },
  });
  return { id: saved.gate.id, password: saved.credentials!.mqttPassword };
}

// Engine reads as test input (the engine itself is tested in workers/src/ocr and end to end).
const read = (number: string, confidence = 0.9, valid = true, size?: 20 | 40 | 45): StoredFrameRead => ({
  containers: [
    {
      number,
      valid,
      corrected: false,
      candidates: valid ? [] : ['CSQU3054383'],
      confidence,
      ...(size ? { size, sizeType: size === 20 ? '22G1' : '45G1', type: 'General purpose' } : {}),
    },
  ],
  modelMs: 100,
  totalMs: 150,
});
let messageCounter = 0;
const frame = (gateId: number, at: number, outcome: Partial<FrameOutcome> = {}): FrameOutcome => {
  messageCounter += 1;
  return {
    gateId,
    camera: 'Front',
    messageId: `m-${messageCounter}`,
    capturedAt: new Date(at),
    image: `frames/${gateId}/2026-01-01/Front-${String(messageCounter).padStart(24, '0')}.jpg`,
    read: read('CSQU3054383'),
    error: null,
    ...outcome,
  };
};
const record = (outcome: FrameOutcome) => t.services.ocr.recordFrame(outcome, fuseVisit);

describe('OCR queue records', () => {
  it('groups the frames of one gate within the visit window into one record', async () => {
    const gate = await newGate();
    const start = Date.now() - 60_000;
    const first = await record(frame(gate.id, start, { read: read('CSQU3054383', 0.8, true, 20) }));
    const second = await record(frame(gate.id, start + 1500, { camera: 'Rear' }));
    expect(second!.id).toBe(first!.id);
    expect(second).toMatchObject({
      gateId: gate.id,
      timestamp: start,
      status: 'pending',
      frames: 2,
      data: {
        containerNumber: 'CSQU3054383',
        containerToShow: 'CSQU 305438 3',
        trailerNumber: 'NA',
        size: '20',
        // A valid read is not a gate pass: the depot holds none for it.
        litmusResult: { isValid: true, gatePass: null },
        error: null,
      },
    });
    expect(second!.data.images).toHaveLength(2);
    // The next truck, after the window, is a visit of its own.
    const later = await record(frame(gate.id, start + 1500 + WINDOW_MS + 1, { read: read('MSKU1234565') }));
    expect(later!.id).not.toBe(first!.id);
    expect(await count(gate.id)).toBe(2);
    // A redelivered frame changes nothing.
    const again = frame(gate.id, start + 200);
    await record(again);
    expect(await record({ ...again })).toBeNull();
    const rows = await t.db.select().from(ocrFrames).where(eq(ocrFrames.gateId, gate.id));
    expect(rows).toHaveLength(4);
  });

  it('pushes each record with the pending count on ocr:{gateId}', async () => {
    const gate = await newGate();
    const created = await record(frame(gate.id, Date.now()));
    await t.relay.kick();
    const message = events.find(
      (event) => event.type === 'ocr.record.v1' && event.data.record.id === created!.id,
    ) as Extract<LiveMessage, { type: 'ocr.record.v1' }>;
    expect(message).toMatchObject({ topic: `ocr:${gate.id}`, data: { pendingCount: 1 } });
  });

  it('keeps an unread visit as an invalid record with the spec message', async () => {
    const gate = await newGate();
    const nothing = await record(frame(gate.id, Date.now(), { read: { containers: [], modelMs: 1, totalMs: 2 } }));
    expect(nothing!.data).toMatchObject({
      containerNumber: '',
      containerToShow: '',
      litmusResult: { isValid: false, gatePass: null },
      error: 'Container number not detected from OCR.',
    });
    const invalid = await record(frame(gate.id, Date.now() + 60_000, { read: read('CSQU3054384', 0.7, false) }));
    expect(invalid!.data.litmusResult.isValid).toBe(false);
    expect(invalid!.data.containers[0]).toMatchObject({ valid: false, candidates: ['CSQU3054383'] });
  });

  it('logs a corrupt image for its camera and records an invalid visit', async () => {
    const gate = await newGate();
    const outcome = frame(gate.id, Date.now(), { read: null, error: 'Input buffer has corrupt header' });
    const corrupt = await record(outcome);
    expect(corrupt!.data).toMatchObject({
      containerNumber: '',
      images: [],
      litmusResult: { isValid: false },
      error: 'Container number not detected from OCR.',
    });
    const [log] = await t.db
      .select()
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceId, `camera-${gate.id}`), eq(deviceLogs.messageId, outcome.messageId)));
    expect(log).toMatchObject({ type: 'REJECTED', message: expect.stringContaining('corrupt header') as string });
  });
});

describe('OCR queue calls', () => {
  it('hands out the oldest pending visit, acknowledges it and moves on', async () => {
    const gate = await newGate();
    const next = () => outcome(superadmin.api.ocr.next({ query: { gateId: gate.id } }));
    const empty = await next();
    expect(empty).toMatchObject({
      status: 404,
      body: { message: 'No container is waiting in the OCR queue of this gate' },
    });
    const start = Date.now() - 120_000;
    const first = await record(frame(gate.id, start));
    const second = await record(frame(gate.id, start + 30_000, { read: read('MSKU1234565') }));
    expect(await next()).toMatchObject({
      status: 200,
      body: { id: first!.id, data: { containerNumber: 'CSQU3054383' } },
    });
    const queued = await superadmin.api.ocr.queued({ query: { gateId: gate.id } });
    expect(queued.totalCount).toBe(2);
    expect(queued.entities.map((entity) => entity.id)).toEqual([first!.id, second!.id]);

    const gatein = await t.login('gatein');
    const ack = (gateId: number, recordId: number, api = superadmin.api) =>
      outcome(api.ocr.ack({ body: { gateId, recordId } }));
    expect(await ack(gate.id, first!.id, gatein.api)).toEqual({ status: 200, body: { responsestatus: 'success' } });
    expect((await superadmin.api.ocr.next({ query: { gateId: gate.id } })).id).toBe(second!.id);
    expect((await ack(gate.id, first!.id)).status).toBe(404);
    const otherGate = await newGate();
    expect((await ack(otherGate.id, second!.id)).status).toBe(404);
    const [row] = await t.db.select().from(ocrRecords).where(eq(ocrRecords.id, first!.id));
    expect(row).toMatchObject({ status: 'acked', ackedBy: gatein.userId });
    await t.relay.kick();
    expect(
      events.some(
        (event) => event.type === 'ocr.count.v1' && event.data.gateId === gate.id && event.data.pendingCount === 1,
      ),
    ).toBe(true);
  });

  it('purges a gate only with a reason', async () => {
    const gate = await newGate();
    await record(frame(gate.id, Date.now() - 100_000));
    await record(frame(gate.id, Date.now() - 50_000));
    for (const payload of [{ gateId: gate.id }, { gateId: gate.id, comment: '   ' }]) {
      expect(await raw('PUT', '/rest/enterprise/gate/ocr/clear', payload)).toMatchObject({
        status: 400,
        body: { message: 'Please provide a suitable reason for deleting ocr data.' },
      });
    }
    expect(await count(gate.id)).toBe(2);
    const cleared = await superadmin.api.ocr.clear({ body: { gateId: gate.id, comment: 'Camera misaligned' } });
    expect(cleared).toEqual({ responsestatus: 'success', count: 2 });
    expect(await count(gate.id)).toBe(0);
    const rows = await t.db.select().from(ocrRecords).where(eq(ocrRecords.gateId, gate.id));
    expect(rows.every((row) => row.status === 'cleared' && row.clearReason === 'Camera misaligned')).toBe(true);
  });

  it('refuses a cleared record without a reason in the database too', async () => {
    const gate = await newGate();
    const created = await record(frame(gate.id, Date.now()));
    await expect(
      t.db.update(ocrRecords).set({ status: 'cleared', clearedAt: new Date() }).where(eq(ocrRecords.id, created!.id)),
    ).rejects.toThrow();
  });

  it('stores reported differences against the record of that gate', async () => {
    const gate = await newGate();
    const created = await record(frame(gate.id, Date.now()));
    const differences: OcrDiffInput['differences'] = [
      { field: 'containerNumber', suggested: 'CSQU3054383', actual: 'CSQU3054385' },
      { field: 'trailerNumber', suggested: 'NA', actual: 'MH04AB1234' },
    ];
    const report = (gateId: number) =>
      outcome(superadmin.api.ocr.reportDifferences({ body: { gateId, recordId: created!.id, differences } }));
    expect(await report(gate.id)).toEqual({ status: 200, body: { responsestatus: 'success' } });
    const rows = await t.db.select().from(ocrDiffs).where(eq(ocrDiffs.recordId, created!.id));
    expect(rows.map(({ field, suggested, actual }) => ({ field, suggested, actual }))).toEqual(differences);
    const otherGate = await newGate();
    expect((await report(otherGate.id)).status).toBe(404);
    expect(
      (
        await raw('POST', '/rest/enterprise/gate/ocr-diff', {
          gateId: gate.id,
          recordId: created!.id,
          differences: [{ field: 'colour', suggested: 'a', actual: 'b' }],
        })
      ).status,
    ).toBe(400);
  });

  it("answers ipcam/capture with the camera's latest frame and its read", async () => {
    const gate = await newGate();
    const capture = () => outcome(superadmin.api.ocr.capture({ query: { gateId: gate.id, camera: 'Rear' } }));
    expect((await capture()).status).toBe(404);
    const now = Date.now();
    await record(frame(gate.id, now - 2000, { camera: 'Rear', read: read('MSKU1234565') }));
    const latest = frame(gate.id, now, { camera: 'Rear', read: read('CSQU3054383', 0.9, true, 40) });
    await record(latest);
    await record(frame(gate.id, now + 500, { camera: 'Front', read: read('TEMU8912520') }));
    expect(await capture()).toEqual({
      status: 200,
      body: {
        responsestatus: 'success',
        responseMap: {
          containerNumber: 'CSQU3054383',
          containerSize: '40',
          containerType: 'General purpose',
          camera: 'Rear',
          image: latest.image,
          capturedAt: now,
        },
      },
    });
  });
});

describe('frame images and uploads', () => {
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
  });
  const basic = (username: string, password: string) => ({
    authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    'content-type': 'image/jpeg',
  });

  it('takes an upload with the gate camera login, stores it and queues its OCR job', async () => {
    const gate = await newGate(['Front']);
    const before = (await ocrQueue.stats()).waiting;
    const upload = (headers: Record<string, string>, camera = 'Front', body: Buffer = jpeg, messageId = 'up-1') =>
      t.app.inject({
        method: 'POST',
        url: `/rest/enterprise/gate/${gate.id}/camera/${camera}/frame?messageId=${messageId}&timestamp=${Date.now()}`,
        headers,
        payload: body,
      });
    const accepted = await upload(basic(`camera-${gate.id}`, gate.password));
    expect(accepted.statusCode).toBe(200);
    const image = accepted.json<{ image: string }>().image;
    expect(image).toMatch(new RegExp(`^frames/${gate.id}/\\d{4}-\\d{2}-\\d{2}/Front-[0-9a-f]{24}\\.jpg$`));
    expect((await ocrQueue.stats()).waiting).toBe(before + 1);
    // Served to the gate screens as stored.
    const served = await t.app.inject({ url: `/rest/enterprise/gate/${image}`, headers: superadmin.auth });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(jpeg)).toBe(true);
    // The same message again is one job.
    expect((await upload(basic(`camera-${gate.id}`, gate.password))).statusCode).toBe(200);
    expect((await ocrQueue.stats()).waiting).toBe(before + 1);

    const other = await newGate(['Front']);
    expect((await upload(basic(`camera-${gate.id}`, 'wrong'), 'Front', jpeg, 'up-2')).statusCode).toBe(401);
    expect((await upload(basic(`camera-${other.id}`, other.password), 'Front', jpeg, 'up-3')).statusCode).toBe(401);
    expect((await upload({ 'content-type': 'image/jpeg' }, 'Front', jpeg, 'up-4')).statusCode).toBe(401);
    expect((await upload({ ...superadmin.auth, 'content-type': 'image/jpeg' }, 'Front', jpeg, 'up-5')).statusCode).toBe(
      401,
    );
    const notConfigured = await upload(basic(`camera-${gate.id}`, gate.password), 'Rear', jpeg, 'up-6');
    expect(notConfigured.statusCode).toBe(400);
    expect(notConfigured.json()).toMatchObject({ message: `Camera Rear is not configured for gate ${gate.id}` });
    const notJpeg = await upload(basic(`camera-${gate.id}`, gate.password), 'Front', Buffer.from('hello'), 'up-7');
    expect(notJpeg.statusCode).toBe(400);
    expect((await ocrQueue.stats()).waiting).toBe(before + 1);
  });

  it('serves only frame paths, and only to users of the gate screens', async () => {
    const gate = await newGate(['Front']);
    const image = `frames/${gate.id}/2026-01-02/Front-${'a'.repeat(24)}.jpg`;
    await t.services.blobs.put(image, jpeg);
    expect((await t.app.inject({ url: `/rest/enterprise/gate/${image}`, headers: superadmin.auth })).statusCode).toBe(
      200,
    );
    const gatein = await t.login('gatein');
    expect((await t.app.inject({ url: `/rest/enterprise/gate/${image}`, headers: gatein.auth })).statusCode).toBe(200);
    const operator = await t.login('operator');
    expect((await t.app.inject({ url: `/rest/enterprise/gate/${image}`, headers: operator.auth })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: `/rest/enterprise/gate/${image}` })).statusCode).toBe(401);
    for (const path of [
      'frames/../jwt-secret',
      'frames/%2e%2e/jwt-secret',
      'frames/..%2fjwt-secret',
      `frames/${gate.id}/2026-01-02/../../../jwt-secret`,
      `frames/${gate.id}/2026-01-02/Front-${'b'.repeat(24)}.jpg`,
      'frames/%2Fetc%2Fpasswd',
    ]) {
      const response = await t.app.inject({ url: `/rest/enterprise/gate/${path}`, headers: superadmin.auth });
      // Refused as no frame (404), or normalised by the router into another route's bad id (400).
      expect([400, 404], path).toContain(response.statusCode);
      expect(response.headers['content-type'], path).not.toBe('image/jpeg');
    }
  });

  it('keeps the OCR calls behind the gate permission and the smart gate switch', async () => {
    const gate = await newGate();
    const nobody = await createUserWithPermissions(t, superadmin.auth, 'ocr-nobody', { containersVisible: true });
    expect((await outcome(nobody.api.ocr.count({ query: { gateId: gate.id } }))).status).toBe(403);
    const off = await createTestApp({ env: { FEATURE_SMART_GATE: 'false' } });
    try {
      const session = await off.login('superadmin');
      const response = await off.app.inject({ url: '/rest/enterprise/gate/ocr/count?gateId=1', headers: session.auth });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: 'Smart gate is switched off on this yard' });
    } finally {
      await off.close();
    }
  });
});
