import { and, asc, count, desc, eq, gte, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { Camera, OcrDiffEntry, OcrRecordData } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { containers, gatePasses } from '../../db/schema';
import { gates } from '../../db/schema';
import { containerProcesses, containerSizes } from '../../db/schema';
import { ocrDiffs, ocrFrames, ocrRecords, type StoredFrameRead } from './ocr.table';

export interface NewOcrFrame {
  gateId: number;
  recordId: number;
  camera: Camera;
  messageId: string;
  image: string;
  capturedAt: Date;
  read: StoredFrameRead | null;
  error: string | null;
}

export const ocrRepository = {
  // Locks the gate's row: frames of one gate join their visits one at a time, across processes.
  async lockGate(db: Database, gateId: number) {
    const [gate] = await db
      .select({ id: gates.id, type: gates.type, camConfig: gates.camConfig })
      .from(gates)
      .where(eq(gates.id, gateId))
      .for('update');
    return gate;
  },

  async gate(db: Database, gateId: number) {
    const [gate] = await db
      .select({ id: gates.id, type: gates.type, camConfig: gates.camConfig })
      .from(gates)
      .where(eq(gates.id, gateId));
    return gate;
  },

  async frameExists(db: Database, gateId: number, messageId: string) {
    const [row] = await db
      .select({ id: ocrFrames.id })
      .from(ocrFrames)
      .where(and(eq(ocrFrames.gateId, gateId), eq(ocrFrames.messageId, messageId)));
    return row !== undefined;
  },

  // The pending visit of the gate that a frame taken at `at` belongs to, if any.
  async openVisit(db: Database, gateId: number, at: Date, windowMs: number) {
    const [row] = await db
      .select()
      .from(ocrRecords)
      .where(
        and(
          eq(ocrRecords.gateId, gateId),
          eq(ocrRecords.status, 'pending'),
          gte(ocrRecords.lastFrameAt, new Date(at.getTime() - windowMs)),
          lte(ocrRecords.firstFrameAt, new Date(at.getTime() + windowMs)),
        ),
      )
      .orderBy(desc(ocrRecords.lastFrameAt))
      .limit(1);
    return row;
  },

  async insertRecord(db: Database, values: { gateId: number; at: Date; data: OcrRecordData }) {
    const [row] = await db
      .insert(ocrRecords)
      .values({ gateId: values.gateId, firstFrameAt: values.at, lastFrameAt: values.at, data: values.data })
      .returning();
    return row!;
  },

  async insertFrame(db: Database, frame: NewOcrFrame) {
    const [row] = await db.insert(ocrFrames).values(frame).onConflictDoNothing().returning();
    return row;
  },

  framesOfRecord: (db: Database, recordId: number) =>
    db
      .select()
      .from(ocrFrames)
      .where(eq(ocrFrames.recordId, recordId))
      .orderBy(asc(ocrFrames.capturedAt), asc(ocrFrames.id)),

  async updateRecord(
    db: Database,
    id: number,
    values: {
      firstFrameAt: Date;
      lastFrameAt: Date;
      frameCount: number;
      containerNumber: string;
      isValid: boolean;
      data: OcrRecordData;
    },
  ) {
    const [row] = await db
      .update(ocrRecords)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(ocrRecords.id, id))
      .returning();
    return row!;
  },

  // The container of that number in the yard now (not dispatched, not voided): its size and process.
  async activeContainer(db: Database, containerNumber: string) {
    const [row] = await db
      .select({ sizeName: containerSizes.name, processName: containerProcesses.name })
      .from(containers)
      .innerJoin(containerSizes, eq(containerSizes.id, containers.sizeId))
      .leftJoin(containerProcesses, eq(containerProcesses.id, containers.processId))
      .where(
        and(
          eq(containers.containerNumber, containerNumber),
          isNull(containers.dispatchedAt),
          isNull(containers.voidedAt),
          // A plan's reservation (issue 19) is not in the yard yet.
          not(containers.planned),
        ),
      );
    return row;
  },

  // Whether the container has a valid gate pass now (open and not past its validity).
  async hasValidGatePass(db: Database, containerNumber: string) {
    const [row] = await db
      .select({ id: gatePasses.id })
      .from(gatePasses)
      .where(
        and(
          eq(gatePasses.containerNumber, containerNumber),
          isNull(gatePasses.usedAt),
          or(isNull(gatePasses.validTill), gte(gatePasses.validTill, sql`now()`)),
        ),
      );
    return row !== undefined;
  },

  async pendingCount(db: Database, gateId: number) {
    const [row] = await db
      .select({ value: count() })
      .from(ocrRecords)
      .where(and(eq(ocrRecords.gateId, gateId), eq(ocrRecords.status, 'pending')));
    return row?.value ?? 0;
  },

  // The gate's queue, oldest visit first.
  pending: (db: Database, gateId: number, limit: number) =>
    db
      .select()
      .from(ocrRecords)
      .where(and(eq(ocrRecords.gateId, gateId), eq(ocrRecords.status, 'pending')))
      .orderBy(asc(ocrRecords.firstFrameAt), asc(ocrRecords.id))
      .limit(limit),

  async record(db: Database, gateId: number, id: number) {
    const [row] = await db
      .select()
      .from(ocrRecords)
      .where(and(eq(ocrRecords.id, id), eq(ocrRecords.gateId, gateId)));
    return row;
  },

  async ack(db: Database, gateId: number, id: number, userId: number | null) {
    const [row] = await db
      .update(ocrRecords)
      .set({ status: 'acked', ackedAt: sql`now()`, ackedBy: userId, updatedAt: sql`now()` })
      .where(and(eq(ocrRecords.id, id), eq(ocrRecords.gateId, gateId), eq(ocrRecords.status, 'pending')))
      .returning({ id: ocrRecords.id });
    return row !== undefined;
  },

  async clear(db: Database, gateId: number, reason: string, userId: number | null) {
    const rows = await db
      .update(ocrRecords)
      .set({ status: 'cleared', clearedAt: sql`now()`, clearedBy: userId, clearReason: reason, updatedAt: sql`now()` })
      .where(and(eq(ocrRecords.gateId, gateId), eq(ocrRecords.status, 'pending')))
      .returning({ id: ocrRecords.id });
    return rows.length;
  },

  async insertDiffs(
    db: Database,
    values: { gateId: number; recordId: number; userId: number | null; differences: readonly OcrDiffEntry[] },
  ) {
    await db.insert(ocrDiffs).values(
      values.differences.map((difference) => ({
        recordId: values.recordId,
        gateId: values.gateId,
        field: difference.field,
        suggested: difference.suggested,
        actual: difference.actual,
        reportedBy: values.userId,
      })),
    );
  },

  // The newest frame of a gate's camera (or of any of its cameras).
  async latestFrame(db: Database, gateId: number, camera: Camera | undefined) {
    const [row] = await db
      .select()
      .from(ocrFrames)
      .where(camera ? and(eq(ocrFrames.gateId, gateId), eq(ocrFrames.camera, camera)) : eq(ocrFrames.gateId, gateId))
      .orderBy(desc(ocrFrames.capturedAt), desc(ocrFrames.id))
      .limit(1);
    return row;
  },

  async frameImageExists(db: Database, gateId: number, image: string) {
    const [row] = await db
      .select({ id: ocrFrames.id })
      .from(ocrFrames)
      .where(and(eq(ocrFrames.gateId, gateId), eq(ocrFrames.image, image)))
      .limit(1);
    return row !== undefined;
  },
};
