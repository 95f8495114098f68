import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { containers } from '../inventory/containers.table';
import { machineEvents, machines } from '../machines/machines.table';
import { trailers } from '../trailers/trailers.table';

// The texts the task list's search matches (spec 3 §7 searchText), as one expression: the trigram
// index is on it and the search's ILIKE repeats it, so both must stay this one expression.
export const taskSearchText = (table: {
  containerNumber: AnyPgColumn;
  taskType: AnyPgColumn;
  deliveryMode: AnyPgColumn;
  fromLocation: AnyPgColumn;
  toLocation: AnyPgColumn;
  toLocationDetails: AnyPgColumn;
  assignedToMachine: AnyPgColumn;
}) =>
  sql`(${table.containerNumber} || chr(31) || ${table.taskType} || chr(31) || coalesce(${table.deliveryMode}, '') || chr(31) || coalesce(${table.fromLocation}, '') || chr(31) || coalesce(${table.toLocation}, '') || chr(31) || coalesce(${table.toLocationDetails}, '') || chr(31) || ${table.assignedToMachine})`;

// Work for the yard's machines (spec 3 §3 Task). The gate stores its generated tasks here as
// pending; the tasks screen, the machine terminal and the machines' drops work them. A task is
// pending until completedAt; started and problem are the terminal's (issue 17).
export const tasks = pgTable(
  'tasks',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    containerId: integer().references(() => containers.id, { onDelete: 'set null' }),
    // The first 11 characters of what was given (spec 3 §5).
    containerNumber: text().notNull(),
    taskType: text().notNull(),
    deliveryMode: text(),
    fromLocation: text(),
    toLocation: text(),
    toLocationDetails: text(),
    assignedToMachine: text().notNull().default('ALL'),
    onPriority: boolean().notNull().default(false),
    parentTaskId: bigint({ mode: 'number' }).references((): AnyPgColumn => tasks.id, { onDelete: 'set null' }),
    // The truck visit the task belongs to (truck turn time counts its tasks).
    visitId: integer().references(() => trailers.id, { onDelete: 'set null' }),
    // Who made it: the gate, planning, a user, a kiosk.
    source: text().notNull(),
    createdBy: text(),
    generatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    // The user who completed it from the list, or the machine that did it (its terminal or drop).
    completedBy: text(),
    completedByMachine: text(),
    // The machine event (a drop, a pick) that completed it: its replay completes nothing again.
    completedByEventId: bigint({ mode: 'number' }).references(() => machineEvents.id, { onDelete: 'set null' }),
    startedAt: timestamp({ withTimezone: true }),
    startedByMachine: text(),
    // What the driver reported; cleared when the task is started again.
    problem: text(),
  },
  (table) => [
    index('tasks_pending_idx')
      .on(table.generatedAt)
      .where(sql`${table.completedAt} is null`),
    // The list with completed tasks, newest first (spec 3 §9 default sort).
    index('tasks_generated_idx').on(table.generatedAt),
    index('tasks_container_idx').on(table.containerNumber),
    // A visit's tasks by its id: the foreign key's set null when a visit's row is deleted (an archive
    // run, docs/archive.md) and the run's own pick of them; without it each deleted container scanned
    // the whole task history.
    index('tasks_container_id_idx')
      .on(table.containerId)
      .where(sql`${table.containerId} is not null`),
    // The same for the self-reference: a deleted task's children (set null) found by index.
    index('tasks_parent_idx')
      .on(table.parentTaskId)
      .where(sql`${table.parentTaskId} is not null`),
    index('tasks_visit_idx').on(table.visitId),
    // The machine reports: the task a machine event completed (3.2), a machine's completed tasks (3.1).
    index('tasks_completed_event_idx')
      .on(table.completedByEventId)
      .where(sql`${table.completedByEventId} is not null`),
    index('tasks_completed_machine_idx')
      .on(table.completedByMachine, table.completedAt)
      .where(sql`${table.completedAt} is not null`),
    index('tasks_search_text_idx').using('gin', sql`${taskSearchText(table)} gin_trgm_ops`),
    // The list's search as the screen opens it (open tasks only): a few thousand open tasks among a
    // history of hundreds of thousands, found without reading every open row's texts nor the
    // history's matches (a machine's name matches all its past tasks in the index above). Without
    // fastupdate, new entries go straight into the index instead of a pending list that only VACUUM
    // merges (PGlite runs none), which the planner prices so high that it scanned instead.
    index('tasks_open_search_text_idx')
      .using('gin', sql`${taskSearchText(table)} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`${table.completedAt} is null`),
    // A machine's queue: its open tasks by machine name, in the order tasksRepository.machineQueueHeads
    // numbers them (machineQueueOrder within one machine).
    index('tasks_machine_queue_idx')
      .on(
        sql`lower(${table.assignedToMachine})`,
        sql`(${table.startedAt} is null)`,
        table.onPriority.desc(),
        table.generatedAt,
        table.id,
      )
      .where(sql`${table.completedAt} is null`),
    check('tasks_number_length', sql`char_length(${table.containerNumber}) between 1 and 11`),
    check('tasks_source', sql`${table.source} in ('gate', 'planning', 'user', 'kiosk', 'upload')`),
    check('tasks_completed_after', sql`${table.completedAt} is null or ${table.completedAt} >= ${table.generatedAt}`),
    check('tasks_problem_length', sql`${table.problem} is null or char_length(${table.problem}) between 1 and 300`),
  ],
);

// ITV tasks (spec 3 §3 ITV task): a container carried by an internal transfer vehicle's trailer.
export const itvTasks = pgTable(
  'itv_tasks',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    containerId: integer().references(() => containers.id, { onDelete: 'set null' }),
    trailer: text().notNull(),
    containerNumber: text().notNull(),
    size: text(),
    taskType: text().notNull(),
    fromLocation: text().notNull(),
    toLocation: text().notNull(),
    toLocationDetails: text(),
    parentTaskId: bigint({ mode: 'number' }).references(() => tasks.id, { onDelete: 'set null' }),
    createdBy: text(),
    generatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('itv_tasks_generated_idx').on(table.generatedAt),
    index('itv_tasks_container_idx').on(table.containerNumber),
    index('itv_tasks_container_id_idx')
      .on(table.containerId)
      .where(sql`${table.containerId} is not null`),
    index('itv_tasks_parent_idx')
      .on(table.parentTaskId)
      .where(sql`${table.parentTaskId} is not null`),
    check('itv_tasks_number_length', sql`char_length(${table.containerNumber}) between 1 and 11`),
    check(
      'itv_tasks_filled',
      sql`char_length(${table.trailer}) > 0 and char_length(${table.taskType}) > 0 and char_length(${table.fromLocation}) > 0 and char_length(${table.toLocation}) > 0`,
    ),
  ],
);

// A machine's pick or drop that the yard model disagreed with (issue 17): kept until resolved.
// One per machine event, so a replayed event raises nothing twice.
export const yardExceptions = pgTable(
  'yard_exceptions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: text().notNull(),
    eventKind: text().notNull(),
    machineId: integer().references(() => machines.id, { onDelete: 'set null' }),
    machineEventId: bigint({ mode: 'number' }).references(() => machineEvents.id, { onDelete: 'cascade' }),
    containerNumber: text(),
    tagId: text(),
    location: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    height: integer(),
    message: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: text(),
    resolution: text(),
  },
  (table) => [
    uniqueIndex('yard_exceptions_event_unique').on(table.machineEventId),
    index('yard_exceptions_open_idx')
      .on(table.occurredAt)
      .where(sql`${table.resolvedAt} is null`),
    index('yard_exceptions_occurred_idx').on(table.occurredAt),
    check(
      'yard_exceptions_kind',
      sql`${table.kind} in ('slotTaken', 'unknownContainer', 'outsideYard', 'noContainer', 'noPosition', 'slotRefused')`,
    ),
    check('yard_exceptions_event_kind', sql`${table.eventKind} in ('pick', 'drop')`),
    check('yard_exceptions_resolved', sql`(${table.resolvedAt} is null) = (${table.resolution} is null)`),
  ],
);
