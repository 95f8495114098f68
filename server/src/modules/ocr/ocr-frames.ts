import { createHash } from 'node:crypto';
import { deviceUsername, type Camera } from '@openyard/contracts';
import type { Blobs } from '../../adapters/blobs';
import type { JobRequest } from '../../adapters/queue';

// How a camera frame reaches the OCR queue, from MQTT (ingest) or an HTTP upload alike: the JPEG
// is stored as a blob and the job carries only its path and metadata.

export const OCR_FRAME_JOB = 'OcrFrame';

export interface OcrFrameJobData {
  gateId: number;
  camera: Camera;
  messageId: string;
  // The camera's timestamp (epoch ms).
  timestamp: number;
  // Blob key of the JPEG: frames/<gateId>/<yyyy-mm-dd>/<camera>-<hash>.jpg
  image: string;
}

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

export async function storeFrame(
  blobs: Blobs,
  frame: { gateId: number; camera: Camera; messageId: string; timestamp: number; jpeg: Uint8Array },
  now = Date.now(),
): Promise<JobRequest> {
  // A camera clock far ahead is taken as now (the folder is the day the frame was taken).
  const timestamp = Math.min(frame.timestamp, now + 60_000);
  const image = frameBlobKey(frame.gateId, frame.camera, frame.messageId, timestamp);
  await blobs.put(image, frame.jpeg);
  const data: OcrFrameJobData = {
    gateId: frame.gateId,
    camera: frame.camera,
    messageId: frame.messageId,
    timestamp,
    image,
  };
  return { name: OCR_FRAME_JOB, data, jobId: ocrFrameJobId(frame.gateId, frame.messageId) };
}
