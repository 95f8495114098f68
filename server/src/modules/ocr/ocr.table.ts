import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { OcrRecordData } from '@openyard/contracts';
import { gates } from '../gates/gates.table';
import { users } from '../users/users.table';

// The engine's read of one frame, as stored (the shape of workers/src/ocr FrameRead).
export interface StoredFrameRead {
  containers: {
    number: string;
    valid: boolean;
    corrected: boolean;
    candidates: string[];
    confidence: number;
    sizeType?: string;
    size?: 20 | 40 | 45;
    type?: string;
  }[];
  modelMs: number;
  totalMs: number;
}

// One record of a gate's OCR queue per truck visit (spec 2 §3), fused from the visit's frames.
export const ocrRecords = pgTable(
  'ocr_records',
  {
    id: serial().primaryKey(),
    gateId: integer()
      .notNull()
      .references(() => gates.id, { onDelete: 'cascade' }),
    status: text().notNull().default('pending'),
    firstFrameAt: timestamp({ withTimezone: true }).notNull(),
    lastFrameAt: timestamp({ withTimezone: true }).notNull(),
    frameCount: integer().notNull().default(0),
    containerNumber: text().notNull().default(''),
    isValid: boolean().notNull().default(false),
    data: jsonb().$type<OcrRecordData>().notNull(),
    ackedAt: timestamp({ withTimezone: true }),
    ackedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    clearedAt: timestamp({ withTimezone: true }),
    clearedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    clearReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Frames and differences name their record together with its gate, so they cannot cross gates.
    unique('ocr_records_id_gate_unique').on(table.id, table.gateId),
    index('ocr_records_pending_idx')
      .on(table.gateId, table.firstFrameAt, table.id)
      .where(sql`${table.status} = 'pending'`),
    index('ocr_records_gate_last_frame_idx').on(table.gateId, table.lastFrameAt),
    check('ocr_records_status', sql`${table.status} in ('pending', 'acked', 'cleared')`),
    check('ocr_records_frames_order', sql`${table.lastFrameAt} >= ${table.firstFrameAt}`),
    check('ocr_records_acked', sql`(${table.status} = 'acked') = (${table.ackedAt} is not null)`),
    // A purge needs its reason (spec 2 §5).
    check(
      'ocr_records_cleared',
      sql`(${table.status} = 'cleared') = (${table.clearedAt} is not null and coalesce(length(trim(${table.clearReason})), 0) > 0)`,
    ),
  ],
);

// Every camera frame: where its JPEG is, what OCR read on it (or why it could not), and its visit.
export const ocrFrames = pgTable(
  'ocr_frames',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    gateId: integer()
      .notNull()
      .references(() => gates.id, { onDelete: 'cascade' }),
    recordId: integer().notNull(),
    camera: text().notNull(),
    messageId: text().notNull(),
    image: text().notNull(),
    capturedAt: timestamp({ withTimezone: true }).notNull(),
    read: jsonb().$type<StoredFrameRead>(),
    error: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A redelivered frame (same device message id) is stored once.
    unique('ocr_frames_gate_message_unique').on(table.gateId, table.messageId),
    foreignKey({
      name: 'ocr_frames_record_fk',
      columns: [table.recordId, table.gateId],
      foreignColumns: [ocrRecords.id, ocrRecords.gateId],
    }).onDelete('cascade'),
    index('ocr_frames_record_idx').on(table.recordId),
    index('ocr_frames_camera_latest_idx').on(table.gateId, table.camera, table.capturedAt),
    check('ocr_frames_camera', sql`${table.camera} in ('Front', 'Rear', 'Top', 'Side1', 'Side2')`),
    // Either a read or the reason there is none.
    check('ocr_frames_read_or_error', sql`(${table.read} is null) <> (${table.error} is null)`),
  ],
);

// Differences an operator reported between OCR's suggestion and what was used (spec 2 §3).
export const ocrDiffs = pgTable(
  'ocr_diffs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    recordId: integer().notNull(),
    gateId: integer().notNull(),
    field: text().notNull(),
    suggested: text(),
    actual: text(),
    reportedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reportedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'ocr_diffs_record_fk',
      columns: [table.recordId, table.gateId],
      foreignColumns: [ocrRecords.id, ocrRecords.gateId],
    }).onDelete('cascade'),
    index('ocr_diffs_record_idx').on(table.recordId),
    check(
      'ocr_diffs_field',
      sql`${table.field} in ('containerNumber', 'containerSize', 'exitProcess', 'exitTag', 'exitTrailerTag', 'trailerNumber')`,
    ),
  ],
);

export type OcrRecordRow = typeof ocrRecords.$inferSelect;
export type OcrFrameRow = typeof ocrFrames.$inferSelect;
