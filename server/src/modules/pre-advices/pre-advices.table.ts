import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  categories,
  containerProcesses,
  containerSizes,
  containerTypes,
  linerInfos,
} from '../master-data/master-data.table';

// Pre-advices (issue 16): the gate-ins the depot expects, with their window, liner, process, size
// and type. Open until the gate-in of the container uses it (`used_at`, written in the gate-in's
// transaction); a container has at most one open pre-advice. The number's ISO 6346 check digit is
// checked by `pre_advices_number_check_digit` (handwritten in migration 0016: drizzle cannot call
// the function it needs before creating it).
export const preAdvices = pgTable(
  'pre_advices',
  {
    id: serial().primaryKey(),
    containerNumber: text().notNull(),
    expectedFrom: timestamp({ withTimezone: true }).notNull(),
    expectedTo: timestamp({ withTimezone: true }).notNull(),
    linerId: integer().references(() => linerInfos.id, { onDelete: 'restrict' }),
    processId: integer().references(() => containerProcesses.id, { onDelete: 'restrict' }),
    categoryId: integer().references(() => categories.id, { onDelete: 'restrict' }),
    sizeId: integer()
      .notNull()
      .references(() => containerSizes.id, { onDelete: 'restrict' }),
    typeId: integer().references(() => containerTypes.id, { onDelete: 'restrict' }),
    trailerNumber: text(),
    // What planners look a queued container up by (issue 19, spec 2 §2 Planning screen).
    igm: text(),
    item: text(),
    jobOrderNumber: text(),
    source: text().notNull(),
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pre_advices_open_unique')
      .on(table.containerNumber)
      .where(sql`${table.usedAt} is null`),
    index('pre_advices_expected_idx').on(table.expectedFrom),
    check('pre_advices_number_format', sql`${table.containerNumber} ~ '^[A-Z]{3}[UJZ][0-9]{7}$'`),
    check('pre_advices_window', sql`${table.expectedTo} >= ${table.expectedFrom}`),
    check('pre_advices_source', sql`${table.source} in ('manual', 'upload', 'erp')`),
    check(
      'pre_advices_trailer_number_length',
      sql`${table.trailerNumber} is null or char_length(${table.trailerNumber}) between 1 and 20`,
    ),
  ],
);

export type PreAdviceRow = typeof preAdvices.$inferSelect;
export type NewPreAdviceRow = typeof preAdvices.$inferInsert;
