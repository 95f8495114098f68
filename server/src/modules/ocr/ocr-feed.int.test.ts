import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Camera, LiveMessage } from '@openyard/contracts';
import { projectEvents } from '../../live/projection';
import { outcome } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { FrameOutcome } from './ocr.service';

// The gate screen's video feed (issue 15): latest frame per camera, frame bytes, annotations kept
// beside the frame, the live message of a stored frame; all without the smart gate switch.
let t: TestApp;
let clerk: Awaited<ReturnType<TestApp['login']>>;
const live: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_SMART_GATE: 'false' } });
  clerk = await t.login('superadmin');
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
});
afterAll(() => t.close());

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
let counter = 0;

async function newGate(cameras: Camera[]) {
  counter += 1;
  const saved = await clerk.api.gates.create({
    body: {
      name: `Feed gate ${counter} ${Date.now()}`,
      type: 'IN',
      positionLat: 18.95,
      positionLong: 72.95,
      camConfig: cameras.map((id) => ({ id, name: `${id} cam` })),
    },
  });
  return saved.gate.id;
}

// A frame as the OCR worker records it, with its JPEG stored where the frame route reads it.
async function storeFrame(gateId: number, camera: Camera, at: number) {
  counter += 1;
  const image = `frames/${gateId}/2026-11-25/${camera}-${String(counter).padStart(24, '0')}.jpg`;
  await t.services.blobs.put(image, JPEG);
  const frame: FrameOutcome = {
    gateId,
    camera,
    messageId: `feed-${counter}`,
    capturedAt: new Date(at),
    image,
    read: { containers: [], modelMs: 1, totalMs: 1 },
    error: null,
  };
  await t.services.ocr.recordFrame(frame, () => ({ containers: [] }));
  return image;
}

describe('video feed of the gate screen', () => {
  it('answers the latest frame of each camera in the gate order, and its bytes', async () => {
    const gateId = await newGate(['Front', 'Rear', 'Top']);
    expect((await clerk.api.ocr.latestFrames({ query: { gateId } })).frames).toEqual([]);
    const now = Date.now();
    await storeFrame(gateId, 'Rear', now - 5000);
    const rear = await storeFrame(gateId, 'Rear', now - 1000);
    const front = await storeFrame(gateId, 'Front', now - 3000);
    const { frames } = await clerk.api.ocr.latestFrames({ query: { gateId } });
    expect(frames).toEqual([
      { gateId, camera: 'Front', image: front, capturedAt: now - 3000, annotation: null },
      { gateId, camera: 'Rear', image: rear, capturedAt: now - 1000, annotation: null },
    ]);
    const bytes = await clerk.api.ocr.frame({ params: { '*': rear.slice('frames/'.length) } });
    expect(Buffer.from(bytes)).toEqual(JPEG);
  });

  it('publishes a stored frame on the gate’s cameras topic', async () => {
    const gateId = await newGate(['Front']);
    const image = await storeFrame(gateId, 'Front', Date.now());
    await expect
      .poll(() => live.find((message) => message.type === 'camera.frame.v1' && message.data.image === image), {
        timeout: 5000,
      })
      .toMatchObject({ topic: `cameras:${gateId}`, data: { gateId, camera: 'Front', image } });
  });

  it('keeps an annotation beside the frame, removes it with no boxes, refuses other gates’ frames', async () => {
    const gateId = await newGate(['Front']);
    const other = await newGate(['Front']);
    const image = await storeFrame(gateId, 'Front', Date.now());
    const boxes = [{ x: 0.1, y: 0.2, width: 0.3, height: 0.25 }];
    const saved = await clerk.api.ocr.saveAnnotation({ body: { gateId, image, boxes } });
    expect(saved).toMatchObject({ boxes, updatedBy: 'superadmin' });
    const [frame] = (await clerk.api.ocr.latestFrames({ query: { gateId } })).frames;
    expect(frame?.annotation).toMatchObject({ boxes });

    expect(await outcome(clerk.api.ocr.saveAnnotation({ body: { gateId: other, image, boxes } }))).toMatchObject({
      status: 404,
    });
    const outside = { x: 0.5, y: 0.5, width: 2, height: 0.1 };
    expect(await outcome(clerk.api.ocr.saveAnnotation({ body: { gateId, image, boxes: [outside] } }))).toMatchObject({
      status: 400,
    });
    expect(
      await outcome(clerk.api.ocr.saveAnnotation({ body: { gateId, image: '../../etc/passwd', boxes } })),
    ).toMatchObject({ status: 400 });

    await clerk.api.ocr.saveAnnotation({ body: { gateId, image, boxes: [] } });
    expect((await clerk.api.ocr.latestFrames({ query: { gateId } })).frames[0]?.annotation).toBeNull();
  });

  it('is refused without the gate permission and for an unknown gate', async () => {
    expect(await outcome(t.api.ocr.latestFrames({ query: { gateId: 1 } }))).toMatchObject({ status: 401 });
    expect(await outcome(clerk.api.ocr.latestFrames({ query: { gateId: 999_999 } }))).toMatchObject({ status: 404 });
  });
});
