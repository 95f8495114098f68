import {
  deviceUsername,
  formatContainerNumber,
  messages,
  topics,
  type Camera,
  type IpcamCaptureResponse,
  type OcrContainer,
  type OcrDiffEntry,
  type OcrRecord,
  type OcrRecordData,
  type OcrRecordStatus,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, conflict, notFound } from '../../errors';
import { deviceLogsRepository, toDeviceLogEntry } from '../device-logs';
import { commitWithEvents, type AfterCommit, type NewEvent } from '../outbox';
import { ocrRepository } from './ocr.repository';
import type { OcrFrameRow, OcrRecordRow, StoredFrameRead } from './ocr.table';

// Fuses the reads of a visit's frames into its containers (the engine's fuseVisit).
export type FuseVisit = (frames: StoredFrameRead[]) => { containers: StoredFrameRead['containers'] };

export interface FrameOutcome {
  gateId: number;
  camera: Camera;
  messageId: string;
  capturedAt: Date;
  image: string;
  // What the engine read, or why it could not read the image (a corrupt JPEG).
  read: StoredFrameRead | null;
  error: string | null;
}

const QUEUED_LIMIT = 200;

export function toOcrRecord(row: OcrRecordRow): OcrRecord {
  return {
    id: row.id,
    gateId: row.gateId,
    timestamp: row.firstFrameAt.getTime(),
    status: row.status as OcrRecordStatus,
    frames: row.frameCount,
    data: row.data,
  };
}

const EMPTY_DATA: OcrRecordData = {
  containerNumber: '',
  containerToShow: '',
  trailerNumber: 'NA',
  size: '',
  process: '',
  images: [],
  litmusResult: { isValid: false, gatePass: null },
  containers: [],
  error: messages.ocrNotDetected,
};

// The record's gate pass (spec 2 §3 litmusResult.gatePass carrying containerSize).
async function gatePassOf(db: Database, containerNumber: string, size: string) {
  if (!containerNumber || !(await ocrRepository.hasValidGatePass(db, containerNumber))) return null;
  return { containerNumber, containerSize: size };
}

export function createOcrService(db: Database, deps: { afterCommit: AfterCommit; visitWindowMs: number }) {
  // The record of a visit from its frames: fused containers, the yard's knowledge of the first one.
  async function visitData(tx: Database, frames: OcrFrameRow[], fuse: FuseVisit): Promise<OcrRecordData> {
    const reads = frames.flatMap((frame) => (frame.read ? [frame.read] : []));
    const fused = reads.length ? fuse(reads).containers : [];
    const containers: OcrContainer[] = fused.map((container) => ({
      containerNumber: container.number,
      valid: container.valid,
      corrected: container.corrected,
      candidates: container.candidates,
      confidence: container.confidence,
      sizeType: container.sizeType ?? null,
      size: container.size ?? null,
      type: container.type ?? null,
    }));
    const first = containers[0];
    const inYard = first?.valid ? await ocrRepository.activeContainer(tx, first.containerNumber) : undefined;
    const size = inYard?.sizeName ?? (first?.size ? String(first.size) : '');
    return {
      containerNumber: first?.containerNumber ?? '',
      containerToShow: containers
        .map((container) =>
          container.valid ? formatContainerNumber(container.containerNumber, 'spaced') : container.containerNumber,
        )
        .join(' / '),
      trailerNumber: 'NA',
      size,
      process: inYard?.processName ?? '',
      images: frames.filter((frame) => frame.read).map((frame) => frame.image),
      litmusResult: {
        isValid: containers.length > 0 && containers.every((container) => container.valid),
        // A gate pass is a document the depot holds (spec 2 §3), never something a camera reads:
        // the valid pass the depot holds for the number read, if any (gate_passes).
        gatePass: await gatePassOf(tx, first?.valid ? first.containerNumber : '', size),
      },
      containers,
      error: containers.length ? null : messages.ocrNotDetected,
    };
  }

  async function commit<T>(work: (tx: Database, events: NewEvent[]) => Promise<T>): Promise<T> {
    return commitWithEvents(db, deps.afterCommit, work);
  }

  async function gateExists(gateId: number) {
    if (!(await ocrRepository.gate(db, gateId))) throw notFound();
  }

  async function logFrameProblem(frame: { gateId: number; camera: Camera; messageId: string }, reason: string) {
    await commit(async (tx, events) => {
      const rows = await deviceLogsRepository.insert(tx, [
        {
          deviceId: deviceUsername('camera', frame.gateId),
          type: 'REJECTED',
          message: reason,
          topic: topics.cameraFrame(frame.gateId, frame.camera),
          messageId: frame.messageId,
        },
      ]);
      for (const row of rows) events.push({ type: 'device.logged', data: { entry: toDeviceLogEntry(row) } });
    });
  }

  return {
    logFrameProblem,

    // Whether a frame may be read at all: its gate exists and has this camera configured. The
    // reason is logged for the device when not.
    async checkFrame(frame: { gateId: number; camera: Camera; messageId: string }): Promise<boolean> {
      const gate = await ocrRepository.gate(db, frame.gateId);
      const reason = !gate
        ? 'Unknown device: it is not registered'
        : !gate.camConfig.some((entry) => entry.id === frame.camera)
          ? messages.ocrCameraNotConfigured(frame.camera, frame.gateId)
          : null;
      if (!reason) return true;
      await logFrameProblem(frame, reason);
      return false;
    },

    async alreadyRecorded(gateId: number, messageId: string) {
      return ocrRepository.frameExists(db, gateId, messageId);
    },

    // Adds a read frame to its truck visit: the gate's pending record whose frames lie within the
    // visit window, or a new one. The frame, the record, a device-log entry for an unreadable
    // image and their live events are written in one transaction; a redelivered frame changes
    // nothing (null).
    async recordFrame(frame: FrameOutcome, fuse: FuseVisit): Promise<OcrRecord | null> {
      return commit(async (tx, events) => {
        const gate = await ocrRepository.lockGate(tx, frame.gateId);
        if (!gate) return null;
        if (await ocrRepository.frameExists(tx, frame.gateId, frame.messageId)) return null;
        const visit =
          (await ocrRepository.openVisit(tx, frame.gateId, frame.capturedAt, deps.visitWindowMs)) ??
          (await ocrRepository.insertRecord(tx, { gateId: frame.gateId, at: frame.capturedAt, data: EMPTY_DATA }));
        await ocrRepository.insertFrame(tx, { ...frame, recordId: visit.id });
        const frames = await ocrRepository.framesOfRecord(tx, visit.id);
        const data = await visitData(tx, frames, fuse);
        const times = frames.map((row) => row.capturedAt.getTime());
        const row = await ocrRepository.updateRecord(tx, visit.id, {
          firstFrameAt: new Date(Math.min(...times)),
          lastFrameAt: new Date(Math.max(...times)),
          frameCount: frames.length,
          containerNumber: data.containerNumber,
          isValid: data.litmusResult.isValid,
          data,
        });
        if (frame.error) {
          const logs = await deviceLogsRepository.insert(tx, [
            {
              deviceId: deviceUsername('camera', frame.gateId),
              type: 'REJECTED',
              message: `Unreadable image from camera ${frame.camera}: ${frame.error}`.slice(0, 500),
              topic: topics.cameraFrame(frame.gateId, frame.camera),
              messageId: frame.messageId,
            },
          ]);
          for (const log of logs) events.push({ type: 'device.logged', data: { entry: toDeviceLogEntry(log) } });
        }
        const record = toOcrRecord(row);
        const pendingCount = await ocrRepository.pendingCount(tx, frame.gateId);
        events.push({ type: 'ocr.recordChanged', data: { record, pendingCount } });
        events.push({
          type: 'camera.frameStored',
          data: {
            gateId: frame.gateId,
            camera: frame.camera,
            image: frame.image,
            capturedAt: frame.capturedAt.getTime(),
          },
        });
        return record;
      });
    },

    // The next truck of the gate's queue: its oldest pending visit.
    async next(gateId: number): Promise<OcrRecord> {
      await gateExists(gateId);
      const [row] = await ocrRepository.pending(db, gateId, 1);
      if (!row) throw notFound(messages.ocrQueueEmpty);
      const record = toOcrRecord(row);
      // A pass stored after the truck's frames arrived counts when the operator takes the record.
      const { litmusResult, containerNumber, size } = record.data;
      if (litmusResult.gatePass || !litmusResult.isValid) return record;
      const gatePass = await gatePassOf(db, containerNumber, size);
      return gatePass ? { ...record, data: { ...record.data, litmusResult: { ...litmusResult, gatePass } } } : record;
    },

    async count(gateId: number) {
      await gateExists(gateId);
      return ocrRepository.pendingCount(db, gateId);
    },

    async queued(gateId: number) {
      await gateExists(gateId);
      const [rows, totalCount] = await Promise.all([
        ocrRepository.pending(db, gateId, QUEUED_LIMIT),
        ocrRepository.pendingCount(db, gateId),
      ]);
      return { entities: rows.map(toOcrRecord), totalCount };
    },

    async ack(gateId: number, recordId: number, userId: number | null) {
      await commit(async (tx, events) => {
        if (!(await ocrRepository.ack(tx, gateId, recordId, userId))) throw notFound(messages.ocrRecordNotFound);
        const pendingCount = await ocrRepository.pendingCount(tx, gateId);
        events.push({ type: 'ocr.pendingCountChanged', data: { gateId, pendingCount } });
      });
    },

    // A record of the gate, whatever its status.
    async record(gateId: number, recordId: number): Promise<OcrRecord> {
      const row = await ocrRepository.record(db, gateId, recordId);
      if (!row) throw notFound(messages.ocrRecordNotFound);
      return toOcrRecord(row);
    },

    // Acknowledges a pending record inside a caller's transaction (the smart gate's gate-in and
    // dispatch). The update takes the record's row lock, so of two operators on one record the
    // second waits, then finds it no longer pending: a conflict that rolls its transaction back.
    async acknowledgeWithin(tx: Database, events: NewEvent[], gateId: number, recordId: number, userId: number | null) {
      if (!(await ocrRepository.ack(tx, gateId, recordId, userId))) {
        if (await ocrRepository.record(tx, gateId, recordId)) throw conflict(messages.ocrRecordTaken);
        throw notFound(messages.ocrRecordNotFound);
      }
      const pendingCount = await ocrRepository.pendingCount(tx, gateId);
      events.push({ type: 'ocr.pendingCountChanged', data: { gateId, pendingCount } });
    },

    // The differences an operator's transaction made to a record, kept with the record (spec 2 §3
    // OCR diff) inside the caller's transaction.
    async keepDifferencesWithin(
      tx: Database,
      input: { gateId: number; recordId: number; differences: readonly OcrDiffEntry[] },
      userId: number | null,
    ) {
      if (input.differences.length) await ocrRepository.insertDiffs(tx, { ...input, userId });
    },

    // Purges the gate's pending records, with the operator's reason kept on each.
    async clear(gateId: number, comment: string | undefined, userId: number | null) {
      const reason = comment?.trim();
      if (!reason) throw badRequest(messages.ocrPurgeReasonRequired);
      await gateExists(gateId);
      return commit(async (tx, events) => {
        const cleared = await ocrRepository.clear(tx, gateId, reason, userId);
        const pendingCount = await ocrRepository.pendingCount(tx, gateId);
        events.push({ type: 'ocr.pendingCountChanged', data: { gateId, pendingCount } });
        return cleared;
      });
    },

    async reportDifferences(
      input: { gateId: number; recordId: number; differences: readonly OcrDiffEntry[] },
      userId: number | null,
    ) {
      await commit(async (tx) => {
        if (!(await ocrRepository.record(tx, input.gateId, input.recordId))) throw notFound(messages.ocrRecordNotFound);
        await ocrRepository.insertDiffs(tx, { ...input, userId });
      });
    },

    // The latest frame of each camera of the gate (the gate screen's video feed), in the gate's
    // camera order; cameras that took none yet are left out.
    async latestFrames(
      gateId: number,
    ): Promise<{ gateId: number; camera: Camera; image: string; capturedAt: number }[]> {
      const gate = await ocrRepository.gate(db, gateId);
      if (!gate) throw notFound();
      const frames = await Promise.all(
        gate.camConfig.map((entry) => ocrRepository.latestFrame(db, gateId, entry.id as Camera)),
      );
      return frames.flatMap((frame) =>
        frame
          ? [{ gateId, camera: frame.camera as Camera, image: frame.image, capturedAt: frame.capturedAt.getTime() }]
          : [],
      );
    },

    // Whether the image is a stored frame of this gate (annotations are kept only for those).
    async isFrameOf(gateId: number, image: string): Promise<boolean> {
      return ocrRepository.frameImageExists(db, gateId, image);
    },

    // The latest frame of a gate's camera and what OCR read on it.
    async capture(gateId: number, camera: Camera | undefined): Promise<IpcamCaptureResponse> {
      await gateExists(gateId);
      const frame = await ocrRepository.latestFrame(db, gateId, camera);
      if (!frame) throw notFound(messages.ocrNoFrame);
      const best = frame.read?.containers[0];
      return {
        responsestatus: 'success',
        responseMap: {
          containerNumber: best?.number ?? '',
          containerSize: best?.size ? String(best.size) : '',
          containerType: best?.type ?? '',
          camera: frame.camera as Camera,
          image: frame.image,
          capturedAt: frame.capturedAt.getTime(),
        },
      };
    },
  };
}

export type OcrService = ReturnType<typeof createOcrService>;
