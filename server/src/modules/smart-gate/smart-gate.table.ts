import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { GatePass, OcrDiffEntry, SnapshotData } from '@openyard/contracts';
import { gates } from '../gates/gates.table';
import { ocrRecords } from '../ocr/ocr.table';
import { users } from '../users/users.table';

// Gate passes (spec 2 §3): the document that lets a container leave. A pass is open until a
// dispatch uses it; a container has at most one open pass.
export const gatePasses = pgTable(
  'gate_passes',
  {
    id: serial().primaryKey(),
    containerNumber: text().notNull(),
    date: timestamp({ withTimezone: true }).notNull(),
    boeDate: timestamp({ withTimezone: true }),
    boeNumber: text(),
    chaName: text(),
    consignee: text(),
    validTill: timestamp({ withTimezone: true }),
    remarks: text(),
    usedAt: timestamp({ withTimezone: true }),
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('gate_passes_open_unique')
      .on(table.containerNumber)
      .where(sql`${table.usedAt} is null`),
    index('gate_passes_number_idx').on(table.containerNumber),
    check('gate_passes_number_format', sql`${table.containerNumber} ~ '^[A-Z0-9]{11}$'`),
  ],
);

// One row per smart gate transaction (igate-in, igate-dispatch): the OCR record it resolved, what
// OCR suggested and what was used, how (ocr outcome), the gate pass, a forced dispatch's reason
// and the snapshots: the reports and the OCR accuracy figures read this. A record is resolved once.
export const smartGateTransactions = pgTable(
  'smart_gate_transactions',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    gateId: integer()
      .notNull()
      .references(() => gates.id, { onDelete: 'cascade' }),
    recordId: integer().references(() => ocrRecords.id, { onDelete: 'set null' }),
    requestId: text().notNull(),
    containerNumber: text().notNull(),
    suggestedContainerNumber: text(),
    ocrOutcome: text().notNull(),
    gatePassId: integer().references(() => gatePasses.id, { onDelete: 'set null' }),
    gatePass: jsonb().$type<GatePass>(),
    forceDispatch: boolean().notNull().default(false),
    forceDispatchReason: text(),
    snapshotData: jsonb().$type<SnapshotData>(),
    differences: jsonb().$type<OcrDiffEntry[]>().notNull().default([]),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    userName: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('smart_gate_transactions_record_unique').on(table.recordId),
    uniqueIndex('smart_gate_transactions_request_unique').on(table.requestId),
    index('smart_gate_transactions_kind_at_idx').on(table.kind, table.at),
    index('smart_gate_transactions_gate_at_idx').on(table.gateId, table.at),
    check('smart_gate_transactions_kind', sql`${table.kind} in ('in', 'out')`),
    check('smart_gate_transactions_outcome', sql`${table.ocrOutcome} in ('unchanged', 'candidate', 'typed')`),
    // A dispatch forced past a missing gate pass says why (spec 2 §8).
    check(
      'smart_gate_transactions_force_reason',
      sql`${table.gatePassId} is not null or ${table.kind} = 'in' or coalesce(length(trim(${table.forceDispatchReason})), 0) > 0`,
    ),
  ],
);

// The gates a user works (spec 2 §2: gates are listed for the user, the first selected).
export const userGates = pgTable(
  'user_gates',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateId: integer()
      .notNull()
      .references(() => gates.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (table) => [primaryKey({ name: 'user_gates_pk', columns: [table.userId, table.gateId] })],
);

export type GatePassRow = typeof gatePasses.$inferSelect;
export type SmartGateTransactionRow = typeof smartGateTransactions.$inferSelect;
