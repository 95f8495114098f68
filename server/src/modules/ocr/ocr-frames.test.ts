import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileBlobs } from '../../adapters/blobs';
import { createMemoryQueue, type Queue } from '../../adapters/queue';
import { FRAME_INTAKE_FOLDER, OCR_FRAME_JOB, requeueFrameIntake, takeFrame, type OcrFrameJobData } from './ocr-frames';

const logger = pino({ level: 'silent' });
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function storage() {
  const root = mkdtempSync(join(tmpdir(), 'openyard-frames-'));
  folders.push(root);
  return { root, blobs: createFileBlobs(root) };
}

const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const frame = () => ({ gateId: 4, camera: 'Front' as const, messageId: randomUUID(), timestamp: Date.now(), jpeg });

// A queue that runs OCR jobs by recording them.
function recordingQueue() {
  const ran: OcrFrameJobData[] = [];
  const queue = createMemoryQueue({ logger });
  queue.process(new Map([[OCR_FRAME_JOB, async (data: unknown) => void ran.push(data as OcrFrameJobData)]]), {
    concurrency: 1,
  });
  return { queue, ran };
}

// A process that stops between storing a frame and queueing its job: its queue is closed.
async function stoppedQueue(): Promise<Queue> {
  const queue = createMemoryQueue({ logger });
  await queue.close();
  return queue;
}

describe('camera frame intake', () => {
  it('queues at the next start the job of a frame stored just before a crash', async () => {
    const { blobs } = storage();
    const taken = frame();
    await expect(takeFrame(blobs, await stoppedQueue(), taken)).rejects.toThrow('The queue is closing');
    expect(await blobs.list(FRAME_INTAKE_FOLDER)).toHaveLength(1);

    const next = recordingQueue();
    expect(await requeueFrameIntake(blobs, next.queue)).toBe(1);
    await next.queue.close();
    expect(next.ran).toEqual([
      expect.objectContaining({ gateId: 4, camera: 'Front', messageId: taken.messageId, timestamp: taken.timestamp }),
    ]);
    expect(await blobs.get(next.ran[0]!.image)).toEqual(jpeg);
    // Once queued, the entry is gone: the start after this one queues nothing.
    expect(await blobs.list(FRAME_INTAKE_FOLDER)).toEqual([]);
    expect(await requeueFrameIntake(blobs, recordingQueue().queue)).toBe(0);
  });

  it('leaves nothing to queue again once the job is queued', async () => {
    const { blobs } = storage();
    const now = recordingQueue();
    const data = await takeFrame(blobs, now.queue, frame());
    await now.queue.close();
    expect(now.ran).toEqual([data]);
    expect(await blobs.list(FRAME_INTAKE_FOLDER)).toEqual([]);
  });

  it('drops the entry of a frame whose image was never written (never acknowledged)', async () => {
    const { root, blobs } = storage();
    // The image cannot be written: a file stands where the frames folder would be.
    writeFileSync(join(root, 'frames'), 'not a folder');
    await expect(takeFrame(blobs, recordingQueue().queue, frame())).rejects.toThrow();
    rmSync(join(root, 'frames'));
    expect(await blobs.list(FRAME_INTAKE_FOLDER)).toHaveLength(1);

    const next = recordingQueue();
    expect(await requeueFrameIntake(blobs, next.queue)).toBe(0);
    await next.queue.close();
    expect(next.ran).toEqual([]);
    expect(await blobs.list(FRAME_INTAKE_FOLDER)).toEqual([]);
  });
});
