import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeFrame, topics, type LiveMessage, type OcrRecord } from '@openyard/contracts';
import { deviceLogs } from '@openyard/server/db/schema';
import { ocrFrames } from '@openyard/server/db/schema';
import { TEST_DATABASE } from '@openyard/server/test/test-app';
import { startTestStack, type LiveClient, type TestStack } from '../test/test-stack';
import { randomScene, renderContainerFrame } from '@openyard/simulator/frames';

// Camera frame → MQTT → ingest (blob + OCR job) → OCR thread → visit record → websocket, on the
// embedded topology (PGlite run) and on PostgreSQL, Redis/BullMQ and Mosquitto (PostgreSQL run).
const mode = TEST_DATABASE === 'postgres' ? 'services' : 'embedded';

// The shared gate photos are required in CI and skipped with a message where they are absent.
const FIXTURES = fileURLToPath(new URL('../../../../shared/fixtures/ocr-gate', import.meta.url));
const haveFixtures = existsSync(FIXTURES);
if (!haveFixtures && process.env.CI) throw new Error(`The OCR pipeline test needs the gate photos in ${FIXTURES}`);
if (!haveFixtures) console.warn(`Skipping the OCR pipeline test on real photos: ${FIXTURES} is absent`);

// Frames of one gate within this window are one visit; the tests space their frames further apart.
const WINDOW_MS = 3000;
const OCR_TIMEOUT_MS = 90_000;

let t: TestStack;
let live: LiveClient;
let camera: TestStack['devices']['cameras'][number];
// Each test's frames are minutes apart on the camera's clock, so each is a visit of its own.
let clock = Date.now() - 60 * 60_000;
// The gate's camera login, one connection at a time (the broker refuses a second).
let cameraClient: MqttClient | null = null;

beforeAll(async () => {
  t = await startTestStack(mode, { OCR_VISIT_WINDOW_MS: String(WINDOW_MS) });
  camera = t.devices.cameras[0]!;
  const session = await t.login('gatein');
  live = await t.live(session.cookie, [`ocr:${camera.gateId}`]);
}, 180_000);
afterEach(async () => {
  await t?.closeDevices();
  cameraClient = null;
});
afterAll(() => t?.stop());

// A deterministic scene, so the rendered number is the same on every run.
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

async function publishFrame(jpeg: Uint8Array, cameraName = camera.cameras[0]!) {
  clock += 5 * 60_000;
  const messageId = t.newMessageId();
  cameraClient ??= await t.device(camera.username, camera.password);
  await cameraClient.publishAsync(
    topics.cameraFrame(camera.gateId, cameraName),
    Buffer.from(encodeFrame({ messageId, timestamp: clock }, jpeg)),
    { qos: 1 },
  );
  return { messageId, timestamp: clock };
}

const recordOf = async (timestamp: number) =>
  (
    (await live.waitFor(
      (message) => message.type === 'ocr.record.v1' && message.data.record.timestamp === timestamp,
      OCR_TIMEOUT_MS,
    )) as Extract<LiveMessage, { type: 'ocr.record.v1' }>
  ).data;

async function rest<T>(path: string) {
  const session = await t.login('gatein');
  const response = await fetch(`${t.baseUrl}${path}`, { headers: session.auth });
  return { status: response.status, body: (await response.json()) as T };
}

describe(`OCR pipeline (${mode})`, () => {
  it.runIf(haveFixtures)(
    'turns a gate photo published as a camera frame into an OCR record on the websocket',
    async () => {
      const photo = readFileSync(`${FIXTURES}/1-153710001-OCR-AS-B01.jpg`);
      const { timestamp } = await publishFrame(photo);
      const { record, pendingCount } = await recordOf(timestamp);
      expect(record).toMatchObject({
        gateId: camera.gateId,
        frames: 1,
        status: 'pending',
        data: {
          containerNumber: 'IMTU9061955',
          containerToShow: 'IMTU 906195 5',
          trailerNumber: 'NA',
          litmusResult: { isValid: true },
        },
      });
      expect(pendingCount).toBeGreaterThanOrEqual(1);
      const queued = await rest<{ entities: OcrRecord[] }>(`/rest/enterprise/gate/queued?gateId=${camera.gateId}`);
      expect(queued.body.entities.find((entity) => entity.id === record.id)).toMatchObject({
        data: { containerNumber: 'IMTU9061955' },
      });
      // The stored frame is served as it was sent.
      const session = await t.login('gatein');
      const image = await fetch(`${t.baseUrl}/rest/enterprise/gate/${record.data.images[0]}`, {
        headers: session.auth,
      });
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await image.arrayBuffer()).equals(photo)).toBe(true);
    },
    OCR_TIMEOUT_MS + 30_000,
  );

  it.runIf(haveFixtures)(
    'fuses the frames of one visit, from MQTT and from an HTTP upload, into one record',
    async () => {
      const mqttFrame = await publishFrame(readFileSync(`${FIXTURES}/1-154857001-OCR-AH-A01.jpg`), 'Rear');
      const upload = await fetch(
        `${t.baseUrl}/rest/enterprise/gate/${camera.gateId}/camera/Front/frame?messageId=${t.newMessageId()}&timestamp=${mqttFrame.timestamp + 1000}`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${camera.username}:${camera.password}`).toString('base64')}`,
            'content-type': 'image/jpeg',
          },
          body: readFileSync(`${FIXTURES}/1-154857001-OCR-RF-D01.jpg`),
        },
      );
      expect(upload.status).toBe(200);
      const fused = (await live.waitFor(
        (message) =>
          message.type === 'ocr.record.v1' &&
          message.data.record.timestamp === mqttFrame.timestamp &&
          message.data.record.frames === 2,
        OCR_TIMEOUT_MS,
      )) as Extract<LiveMessage, { type: 'ocr.record.v1' }>;
      expect(fused.data.record.data).toMatchObject({ containerNumber: 'TEMU2709541', litmusResult: { isValid: true } });
      expect(fused.data.record.data.images).toHaveLength(2);
    },
    2 * OCR_TIMEOUT_MS,
  );

  it(
    'reads a container frame rendered at test time',
    async () => {
      const scene = { ...randomScene(seeded(6346), 'door'), orientation: 'horizontal' as const };
      const jpeg = await renderContainerFrame(scene, seeded(40));
      const { timestamp, messageId } = await publishFrame(jpeg);
      const { record } = await recordOf(timestamp);
      expect(record.data.containerNumber).toBe(scene.containerNumber);
      expect(record.data.litmusResult.isValid).toBe(true);
      const [frame] = await t.db
        .select()
        .from(ocrFrames)
        .where(and(eq(ocrFrames.gateId, camera.gateId), eq(ocrFrames.messageId, messageId)));
      expect(frame?.recordId).toBe(record.id);
    },
    OCR_TIMEOUT_MS + 30_000,
  );

  it(
    'logs a corrupt JPEG for the camera, records an invalid visit and keeps reading',
    async () => {
      const session = await t.login('superadmin');
      const logs = await t.live(session.cookie, ['device-logs']);
      // A JPEG start marker followed by garbage: it passes the envelope check, not the decoder.
      const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x5a)]);
      const { timestamp, messageId } = await publishFrame(corrupt);
      const { record } = await recordOf(timestamp);
      expect(record.data).toMatchObject({
        containerNumber: '',
        images: [],
        litmusResult: { isValid: false, gatePass: null },
        error: 'Container number not detected from OCR.',
      });
      const logged = await logs.waitFor(
        (message) =>
          message.type === 'deviceLog.entry.v1' &&
          message.data.entry.deviceId === camera.username &&
          message.data.entry.message.startsWith('Unreadable image'),
      );
      expect(logged).toBeDefined();
      const [row] = await t.db
        .select()
        .from(deviceLogs)
        .where(and(eq(deviceLogs.deviceId, camera.username), eq(deviceLogs.messageId, messageId)));
      expect(row?.type).toBe('REJECTED');

      // The next frame is read as usual.
      const scene = { ...randomScene(seeded(2026), 'door'), orientation: 'horizontal' as const };
      const next = await publishFrame(await renderContainerFrame(scene, seeded(7)));
      expect((await recordOf(next.timestamp)).record.data.containerNumber).toBe(scene.containerNumber);
    },
    2 * OCR_TIMEOUT_MS,
  );
  it('logs a frame without its envelope and a camera the gate does not have, and reads neither', async () => {
    const session = await t.login('superadmin');
    const logs = await t.live(session.cookie, ['device-logs']);
    cameraClient ??= await t.device(camera.username, camera.password);
    await cameraClient.publishAsync(topics.cameraFrame(camera.gateId, camera.cameras[0]!), Buffer.from([0xff, 0xd8]), {
      qos: 1,
    });
    const missing = (['Front', 'Rear', 'Top', 'Side1', 'Side2'] as const).find(
      (name) => !camera.cameras.includes(name),
    )!;
    const { messageId } = await publishFrame(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), missing);
    const unconfigured = await logs.waitFor(
      (message) =>
        message.type === 'deviceLog.entry.v1' &&
        message.data.entry.message === `Camera ${missing} is not configured for gate ${camera.gateId}`,
    );
    expect(unconfigured).toMatchObject({ data: { entry: { deviceId: camera.username, type: 'REJECTED' } } });
    await logs.waitFor(
      (message) =>
        message.type === 'deviceLog.entry.v1' &&
        message.data.entry.deviceId === camera.username &&
        message.data.entry.message.startsWith('Malformed frame: No header line'),
    );
    expect(
      await t.db
        .select()
        .from(ocrFrames)
        .where(and(eq(ocrFrames.gateId, camera.gateId), eq(ocrFrames.messageId, messageId))),
    ).toHaveLength(0);
  });
});
