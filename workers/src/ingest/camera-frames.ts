import { decodeFrame, type ParsedTopic } from '@openyard/contracts';
import type { Blobs } from '@openyard/server/adapters/blobs';
import type { Queue } from '@openyard/server/adapters/queue';
import { takeFrame } from '@openyard/server/modules/ocr';

export type FrameIntakeOutcome =
  { ok: true; messageId: string } | { ok: false; reason: string; messageId: string | null };

// A camera frame from MQTT: the envelope is checked, the JPEG stored as a blob and an OCR job
// queued with its path, so the image never travels through the queue. Whether the gate has this
// camera is a database question, answered by the job.
export function createCameraFrameIntake({
  blobs,
  queue,
  maxFrameBytes,
}: {
  blobs: Blobs;
  queue: Queue;
  maxFrameBytes: number;
}) {
  return {
    async accept(
      parsed: Extract<ParsedTopic, { kind: 'cameraFrame' }>,
      payload: Uint8Array,
    ): Promise<FrameIntakeOutcome> {
      if (payload.length > maxFrameBytes + 1024)
        return { ok: false, reason: `Frame larger than ${maxFrameBytes} bytes`, messageId: null };
      const decoded = decodeFrame(payload);
      if (!decoded.ok) return { ok: false, reason: `Malformed frame: ${decoded.reason}`, messageId: null };
      await takeFrame(blobs, queue, {
        gateId: parsed.deviceId,
        camera: parsed.camera,
        messageId: decoded.header.messageId,
        timestamp: decoded.header.timestamp,
        jpeg: decoded.jpeg,
      });
      return { ok: true, messageId: decoded.header.messageId };
    },
  };
}

export type CameraFrameIntake = ReturnType<typeof createCameraFrameIntake>;
