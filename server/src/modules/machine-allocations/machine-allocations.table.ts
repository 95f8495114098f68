import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { machines } from '../machines/machines.table';
import { yardAreas } from '../yard/yard.table';

// A machine allocated to a yard area for a period of a day (spec 2 §3). One machine is in one area
// at a time: the exclusion constraint `machine_allocations_no_overlap` (migration 0018, handwritten:
// drizzle cannot declare it) refuses two rows of a machine whose periods [from, to) overlap; it is
// checked at commit, so that one save may move allocations past each other.
export const machineAllocations = pgTable(
  'machine_allocations',
  {
    id: serial().primaryKey(),
    machineId: integer()
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    areaId: integer()
      .notNull()
      .references(() => yardAreas.id, { onDelete: 'cascade' }),
    fromTime: timestamp({ withTimezone: true }).notNull(),
    toTime: timestamp({ withTimezone: true }).notNull(),
    // Raised by each change: a save names the version it changed (two planners cannot both win).
    version: integer().notNull().default(0),
    savedBy: text(),
    savedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('machine_allocations_period', sql`${table.toTime} > ${table.fromTime}`)],
);
