import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

export interface CamConfigRow {
  id: string;
  name: string;
}

export const gates = pgTable(
  'gates',
  {
    id: serial().primaryKey(),
    name: text().notNull().unique(),
    type: text().notNull().default('IN'),
    positionLat: doublePrecision().notNull(),
    positionLong: doublePrecision().notNull(),
    camConfig: jsonb().$type<CamConfigRow[]>().notNull().default([]),
    // The gate's cameras publish with one login: camera-<gateId>.
    cameraSecretHash: text().notNull(),
    healthStatus: text().notNull().default('OK'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('gates_type', sql`${table.type} in ('IN', 'OUT')`),
    check('gates_health', sql`${table.healthStatus} in ('OK', 'Idle', 'NOK')`),
  ],
);

export const gateReaders = pgTable(
  'gate_readers',
  {
    id: serial().primaryKey(),
    name: text().notNull().unique(),
    readerType: text().notNull().default('GATEIN'),
    ip: text().notNull(),
    gateId: integer().references(() => gates.id, { onDelete: 'set null' }),
    positionLat: doublePrecision(),
    positionLong: doublePrecision(),
    statusLastReceived: timestamp({ withTimezone: true }),
    rfStatus: text(),
    healthStatus: text().notNull().default('NOK'),
    secretHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gate_readers_gate_idx').on(table.gateId),
    check('gate_readers_health', sql`${table.healthStatus} in ('OK', 'Idle', 'NOK')`),
    check('gate_readers_rf_status', sql`${table.rfStatus} is null or ${table.rfStatus} in ('OK', 'NOK')`),
  ],
);

// Every RFID read, as the reader reported it; a redelivered message id is stored once.
export const tagReads = pgTable(
  'tag_reads',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    readerId: integer()
      .notNull()
      .references(() => gateReaders.id, { onDelete: 'cascade' }),
    gateId: integer().references(() => gates.id, { onDelete: 'set null' }),
    tagId: text().notNull(),
    antenna: integer(),
    rssi: real(),
    messageId: text().notNull(),
    readAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('tag_reads_reader_message_unique').on(table.readerId, table.messageId),
    index('tag_reads_gate_read_at_idx').on(table.gateId, table.readAt),
  ],
);
