import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { containerSearchIndexes } from '../inventory/containers.table';

// The archive (spec 3 §4, docs/archive.md): rows moved out of the current tables by an archive run,
// in a schema of their own with the same table names and columns (archive.int.test.ts compares them
// with the current tables', so a column added there and forgotten here fails a test). No foreign
// keys: an archived row keeps the ids it had (its primary key refuses a second copy), and what it
// named may change or go. The indexes are those of the reads that reach the archive: a container
// by number, its visits' movements and tasks, time ranges.
export const archiveSchema = pgSchema('archive');

export const archivedContainers = archiveSchema.table(
  'containers',
  {
    id: integer().primaryKey(),
    containerNumber: text().notNull(),
    sizeId: integer().notNull(),
    typeId: integer(),
    processId: integer(),
    categoryId: integer(),
    customerId: integer(),
    cargoTypeId: integer(),
    hazardous: boolean().notNull(),
    rfidTagId: text(),
    igm: text(),
    item: text(),
    movementAlert: boolean().notNull(),
    planned: boolean().notNull(),
    gateInAt: timestamp({ withTimezone: true }).notNull(),
    dispatchedAt: timestamp({ withTimezone: true }),
    lastMovedAt: timestamp({ withTimezone: true }),
    locationUpdatedBy: text(),
    voidedAt: timestamp({ withTimezone: true }),
    voidedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    archivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    archiveRunId: integer().notNull(),
  },
  (table) => [
    index('archived_containers_number_idx').on(table.containerNumber),
    index('archived_containers_gate_in_idx').on(table.gateInAt),
    index('archived_containers_dispatched_idx').on(table.dispatchedAt),
    // The containers list over a range reaching the archive matches its terms in the archived
    // visits by the same indexes as in the current ones, instead of reading every archived visit.
    ...containerSearchIndexes('archived_containers', table),
  ],
);

export const archivedContainerMovements = archiveSchema.table(
  'container_movements',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    containerId: integer().notNull(),
    containerNumber: text().notNull(),
    fromLocation: text(),
    toLocation: text(),
    toAreaId: integer(),
    toRowIndex: integer(),
    toColumnIndex: integer(),
    toTier: integer(),
    source: text().notNull(),
    movedBy: text(),
    device: text(),
    movedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('archived_container_movements_container_idx').on(table.containerId, table.id),
    index('archived_container_movements_moved_at_idx').on(table.movedAt),
  ],
);

export const archivedTasks = archiveSchema.table(
  'tasks',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    containerId: integer(),
    containerNumber: text().notNull(),
    taskType: text().notNull(),
    deliveryMode: text(),
    fromLocation: text(),
    toLocation: text(),
    toLocationDetails: text(),
    assignedToMachine: text().notNull(),
    onPriority: boolean().notNull(),
    parentTaskId: bigint({ mode: 'number' }),
    visitId: integer(),
    source: text().notNull(),
    createdBy: text(),
    generatedAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    completedBy: text(),
    completedByMachine: text(),
    completedByEventId: bigint({ mode: 'number' }),
    startedAt: timestamp({ withTimezone: true }),
    startedByMachine: text(),
    problem: text(),
  },
  (table) => [
    index('archived_tasks_container_idx').on(table.containerId),
    index('archived_tasks_generated_idx').on(table.generatedAt),
    index('archived_tasks_completed_idx')
      .on(table.completedAt)
      .where(sql`${table.completedAt} is not null`),
    // Report 3.2 over an archived range: the task a machine's drop completed (as tasks_completed_event_idx).
    index('archived_tasks_completed_event_idx')
      .on(table.completedByEventId)
      .where(sql`${table.completedByEventId} is not null`),
  ],
);

export const archivedItvTasks = archiveSchema.table(
  'itv_tasks',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    containerId: integer(),
    trailer: text().notNull(),
    containerNumber: text().notNull(),
    size: text(),
    taskType: text().notNull(),
    fromLocation: text().notNull(),
    toLocation: text().notNull(),
    toLocationDetails: text(),
    parentTaskId: bigint({ mode: 'number' }),
    createdBy: text(),
    generatedAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('archived_itv_tasks_container_idx').on(table.containerId)],
);

// Truck visits (the trailers table): the gate's record of a truck in and out.
export const archivedTrailers = archiveSchema.table(
  'trailers',
  {
    id: integer().primaryKey(),
    trailerNumber: text().notNull(),
    trailerTagId: text(),
    trailerTagId2: text(),
    plaCard1: text(),
    plaCard2: text(),
    trailerType: text(),
    type: text().notNull(),
    activityGroup: text(),
    gateId: integer(),
    containerNumbers: text().array().notNull(),
    chaId: integer(),
    vehicleDetailId: integer(),
    enteredBy: text(),
    entryAt: timestamp({ withTimezone: true }).notNull(),
    outAt: timestamp({ withTimezone: true }),
    dispatchMode: text(),
    dispatchedBy: text(),
  },
  (table) => [
    index('archived_trailers_entry_idx').on(table.entryAt),
    index('archived_trailers_number_idx').on(table.trailerNumber),
  ],
);

export const archivedGateTransactions = archiveSchema.table(
  'gate_transactions',
  {
    requestId: text().primaryKey(),
    kind: text().notNull(),
    gateId: integer(),
    userName: text(),
    visitId: integer(),
    answer: jsonb().notNull(),
    committedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('archived_gate_transactions_committed_idx').on(table.committedAt)],
);

export const archivedDeviceLogs = archiveSchema.table(
  'device_logs',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    deviceId: text().notNull(),
    type: text().notNull(),
    message: text().notNull(),
    topic: text(),
    messageId: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('archived_device_logs_device_idx').on(table.deviceId, table.id),
    index('archived_device_logs_received_idx').on(table.receivedAt),
  ],
);

// One row per archive run: its cut-off (the first instant of the cut-off day in the yard's zone)
// and what it moved so far, written in the transaction of each batch, so a run a crash or restart
// interrupted carries on from where its last committed batch left it. One run at a time.
export const archiveRuns = pgTable(
  'archive_runs',
  {
    id: serial().primaryKey(),
    cutoffDate: date({ mode: 'string' }).notNull(),
    cutoffAt: timestamp({ withTimezone: true }).notNull(),
    status: text().notNull().default('running'),
    requestedBy: text().notNull(),
    containersToArchive: integer().notNull().default(0),
    containers: integer().notNull().default(0),
    movements: integer().notNull().default(0),
    tasks: integer().notNull().default(0),
    itvTasks: integer().notNull().default(0),
    trailers: integer().notNull().default(0),
    gateTransactions: integer().notNull().default(0),
    deviceLogs: integer().notNull().default(0),
    error: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('archive_runs_one_running')
      .on(sql`(true)`)
      .where(sql`${table.status} = 'running'`),
    check('archive_runs_status', sql`${table.status} in ('running', 'done', 'failed')`),
  ],
);
