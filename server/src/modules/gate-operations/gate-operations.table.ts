import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { gates } from '../gates/gates.table';

// Every committed gate transaction, keyed by the form's request id: a second post with the same id
// answers the stored answer and writes nothing (a double click, a retry after a lost answer). The
// row is written first in the transaction, so a concurrent twin waits on the key and then reads it.
export const gateTransactions = pgTable(
  'gate_transactions',
  {
    requestId: text().primaryKey(),
    kind: text().notNull(),
    gateId: integer().references(() => gates.id, { onDelete: 'set null' }),
    userName: text(),
    // The visit (trailers row) the transaction opened or closed, when it has one.
    visitId: integer(),
    answer: jsonb().notNull(),
    committedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gate_transactions_committed_idx').on(table.committedAt),
    check(
      'gate_transactions_kind',
      sql`${table.kind} in ('gateIn', 'trailerGateIn', 'dispatch', 'scanningDispatch', 'retag')`,
    ),
  ],
);

// Each RFID container tag's life (spec 1 §4 Tag validity): first bound at a gate-in, and when it
// was last bound; a tag expires its configured lifetime after first use. Special tags are not kept.
export const rfidTags = pgTable(
  'rfid_tags',
  {
    tagId: text().primaryKey(),
    firstUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastBoundAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    bindCount: integer().notNull().default(1),
  },
  // The expired-tags report (1.3): the tags first used before a cut-off, oldest first.
  (table) => [index('rfid_tags_first_used_idx').on(table.firstUsedAt)],
);

// Reads that a committed transaction used: a read of the tag at that gate at or before `usedAt` is
// not offered to the next truck (issue 15: a read already used is not offered again).
export const gateTagUses = pgTable(
  'gate_tag_uses',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    gateId: integer()
      .notNull()
      .references(() => gates.id, { onDelete: 'cascade' }),
    tagId: text().notNull(),
    usedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    requestId: text(),
  },
  (table) => [index('gate_tag_uses_gate_tag_idx').on(table.gateId, table.tagId, table.usedAt)],
);
