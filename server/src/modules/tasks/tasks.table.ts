import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { containers } from '../inventory/containers.table';
import { trailers } from '../trailers/trailers.table';

// Work for the yard's machines (spec 3 §3 Task). The gate stores its generated tasks here as
// pending; the tasks screen (issue 17) extends this one table. A task is pending until completedAt.
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
    completedBy: text(),
  },
  (table) => [
    index('tasks_pending_idx')
      .on(table.generatedAt)
      .where(sql`${table.completedAt} is null`),
    index('tasks_container_idx').on(table.containerNumber),
    index('tasks_visit_idx').on(table.visitId),
    check('tasks_number_length', sql`char_length(${table.containerNumber}) between 1 and 11`),
    check('tasks_source', sql`${table.source} in ('gate', 'planning', 'user', 'kiosk', 'upload')`),
    check('tasks_completed_after', sql`${table.completedAt} is null or ${table.completedAt} >= ${table.generatedAt}`),
  ],
);
