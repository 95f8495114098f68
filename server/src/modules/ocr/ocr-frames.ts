import { createHash } from 'node:crypto';
import {
  deviceUsername,
  type Camera,
  type FrameAnnotation,
  type FrameBox,
  type JobName,
  type OcrFrameJobData,
} from '@openyard/contracts';
import type { Blobs } from '../../adapters/blobs';
import type { JobRequest, Queue } from '../../adapters/queue';
import { deviceCorrelationId } from '../../lib/correlation';

// How a camera frame reaches the OCR queue, from MQTT (ingest) or an HTTP upload alike: the JPEG
// is stored as a blob and the job carries only its path and metadata.

export const OCR_FRAME_JOB = 'OcrFrame' satisfies JobName;
export type { OcrFrameJobData };

// The same device message always gets the same key, so a redelivery overwrites its own file.
export function frameBlobKey(gateId: number, camera: Camera, messageId: string, timestamp: number): string {
  const day = new Date(timestamp).toISOString().slice(0, 10);
  const hash = createHash('sha256').update(messageId).digest('hex').slice(0, 24);
  return `frames/${gateId}/${day}/${camera}-${hash}.jpg`;
}

// BullMQ job ids may not contain ':'; the device (camera-<gateId>) and its message id dedupe.
export function ocrFrameJobId(gateId: number, messageId: string): string {
  return `${deviceUsername('camera', gateId)}.cameraFrame.${messageId.replaceAll(':', '%3A')}`;
}

// The OCR job of a frame: the JPEG's blob key and the frame's metadata.
function frameJob(
  frame: { gateId: number; camera: Camera; messageId: string; timestamp: number },
  now: number,
): JobRequest & { jobId: string; data: OcrFrameJobData } {
  // A camera clock far ahead is taken as now (the folder is the day the frame was taken).
  const timestamp = Math.min(frame.timestamp, now + 60_000);
  const image = frameBlobKey(frame.gateId, frame.camera, frame.messageId, timestamp);
  const data: OcrFrameJobData = {
    gateId: frame.gateId,
    camera: frame.camera,
    messageId: frame.messageId,
    timestamp,
    image,
  };
  // The frame's device message names the job in the logs and its events (lib/correlation.ts).
  const correlationId = deviceCorrelationId(deviceUsername('camera', frame.gateId), frame.messageId);
  return {
    name: OCR_FRAME_JOB,
    data,
    jobId: ocrFrameJobId(frame.gateId, frame.messageId),
    ...(correlationId ? { correlationId } : {}),
  };
}

// A frame being taken in: its OCR job is written here before the JPEG and removed once the job is
// queued, so a crash in between leaves the job and requeueFrameIntake queues it at the next start.
// (The JPEG's name holds only a hash of the message id: the job could not be made again from it.)
export const FRAME_INTAKE_FOLDER = 'frame-intake';

const intakeKey = (job: JobRequest) =>
  `${FRAME_INTAKE_FOLDER}/${createHash('sha256')
    .update(job.jobId ?? '')
    .digest('hex')
    .slice(0, 32)}.json`;

// Stores the frame and queues its OCR job (in the database when embedded). Resolves once both are
// kept: only then may the camera be told (PUBACK, or the upload's answer).
export async function takeFrame(
  blobs: Blobs,
  queue: Queue,
  frame: { gateId: number; camera: Camera; messageId: string; timestamp: number; jpeg: Uint8Array },
  now = Date.now(),
): Promise<OcrFrameJobData> {
  const job = frameJob(frame, now);
  const entry = intakeKey(job);
  await blobs.put(entry, Buffer.from(JSON.stringify(job)));
  await blobs.put(job.data.image, frame.jpeg);
  await queue.addBulk([job]);
  await blobs.delete(entry);
  return job.data;
}

const isFrameJob = (value: unknown): value is { name: string; jobId: string; data: OcrFrameJobData } => {
  const job = value as { name?: unknown; jobId?: unknown; data?: Partial<OcrFrameJobData> } | null;
  return (
    job?.name === OCR_FRAME_JOB &&
    typeof job.jobId === 'string' &&
    typeof job.data?.gateId === 'number' &&
    typeof job.data.camera === 'string' &&
    typeof job.data.messageId === 'string' &&
    typeof job.data.timestamp === 'number' &&
    typeof job.data.image === 'string'
  );
};

// At start, before any intake: the frames a stopped process stored without its OCR job being queued
// are queued now. A frame whose job was queued after all is deduplicated by its job id, and one
// already read is skipped by the job; an entry whose JPEG was never written was never acknowledged
// (the camera sends it again) and is dropped. Returns how many frames were queued.
export async function requeueFrameIntake(blobs: Blobs, queue: Queue): Promise<number> {
  let queued = 0;
  for (const name of await blobs.list(FRAME_INTAKE_FOLDER)) {
    const key = `${FRAME_INTAKE_FOLDER}/${name}`;
    let job: unknown = null;
    try {
      job = JSON.parse((await blobs.get(key))?.toString('utf8') ?? 'null');
    } catch {
      // Cut short by the crash: its JPEG was not written yet either.
    }
    if (isFrameJob(job) && (await blobs.size(job.data.image)) !== null) {
      await queue.addBulk([job]);
      queued += 1;
    }
    await blobs.delete(key);
  }
  return queued;
}

// A frame's annotation (the boxes the gate clerk drew) is a small JSON file beside its JPEG, so it
// lives and is purged with the frame's day folder.
export function frameAnnotationKey(image: string): string {
  return image.replace(/\.jpg$/, '.annotation.json');
}

const isAnnotation = (value: unknown): value is FrameAnnotation => {
  const annotation = value as Partial<FrameAnnotation> | null;
  return Array.isArray(annotation?.boxes) && typeof annotation.updatedAt === 'number';
};

export async function readFrameAnnotation(blobs: Blobs, image: string): Promise<FrameAnnotation | null> {
  const bytes = await blobs.get(frameAnnotationKey(image));
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return isAnnotation(value) ? value : null;
  } catch {
    return null;
  }
}

// No boxes: the annotation is removed.
export async function saveFrameAnnotation(
  blobs: Blobs,
  image: string,
  boxes: readonly FrameBox[],
  updatedBy: string | null,
  now = Date.now(),
): Promise<FrameAnnotation> {
  const annotation: FrameAnnotation = { boxes: [...boxes], updatedAt: now, updatedBy };
  if (boxes.length === 0) await blobs.delete(frameAnnotationKey(image));
  else await blobs.put(frameAnnotationKey(image), Buffer.from(JSON.stringify(annotation)));
  return annotation;
}
