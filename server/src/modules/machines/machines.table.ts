import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const colour = (column: unknown) => sql`${column} in ('red', 'orange', 'green', 'grey')`;

export const machines = pgTable(
  'machines',
  {
    id: serial().primaryKey(),
    machineName: text().notNull(),
    machineType: text().notNull(),
    machineStatus: text().notNull().default('Working'),
    isrfidInstalled: boolean().notNull().default(false),
    zone: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    lastDataReceived: timestamp({ withTimezone: true }),
    statusColour: text().notNull().default('grey'),
    secretHash: text().notNull(),
  },
  (table) => [
    uniqueIndex('machines_name_lower_unique').on(sql`lower(${table.machineName})`),
    check('machines_colour', colour(table.statusColour)),
  ],
);

export const itvs = pgTable(
  'itvs',
  {
    id: serial().primaryKey(),
    itvNumber: text().notNull(),
    trailerNumber: text().notNull(),
    deviceInstalled: boolean().notNull().default(true),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    lastDataReceived: timestamp({ withTimezone: true }),
    statusColour: text().notNull().default('grey'),
    secretHash: text().notNull(),
  },
  (table) => [
    uniqueIndex('itvs_number_lower_unique').on(sql`lower(${table.itvNumber})`),
    uniqueIndex('itvs_trailer_lower_unique').on(sql`lower(${table.trailerNumber})`),
    check('itvs_colour', colour(table.statusColour)),
  ],
);

// Position history, written in batches; a redelivered message id is stored once.
export const machinePositions = pgTable(
  'machine_positions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    machineId: integer()
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    heading: real(),
    speed: real(),
    machineStatus: text(),
    messageId: text().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    unique('machine_positions_message_unique').on(table.machineId, table.messageId),
    index('machine_positions_machine_time_idx').on(table.machineId, table.recordedAt),
  ],
);

export const itvPositions = pgTable(
  'itv_positions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    itvId: integer()
      .notNull()
      .references(() => itvs.id, { onDelete: 'cascade' }),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    speed: real(),
    messageId: text().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    unique('itv_positions_message_unique').on(table.itvId, table.messageId),
    index('itv_positions_itv_time_idx').on(table.itvId, table.recordedAt),
  ],
);

// Pick and drop events of machines; they move containers once the yard model exists.
export const machineEvents = pgTable(
  'machine_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    machineId: integer()
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    tagId: text(),
    containerNumber: text(),
    height: integer(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    messageId: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    unique('machine_events_message_unique').on(table.machineId, table.messageId),
    // The machine reports (3.1 one machine's days, 3.2 one machine's or every machine's events).
    index('machine_events_machine_time_idx').on(table.machineId, table.occurredAt),
    index('machine_events_time_idx').on(table.occurredAt),
    check('machine_events_kind', sql`${table.kind} in ('pick', 'drop')`),
  ],
);

// Every change of a machine's status (Working, Idle, Break-Down, ...), whoever made it: telemetry,
// the machines screen. Written by the trigger `machines_status_history` (migration 0020) in the
// changing transaction, so the history cannot miss a change; reports 3.3 and 3.4 read it.
export const machineStatusChanges = pgTable(
  'machine_status_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    machineId: integer()
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('machine_status_changes_machine_time_idx').on(table.machineId, table.changedAt)],
);
