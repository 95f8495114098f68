import { sql } from 'drizzle-orm';
import { check, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

// Machine shifts (spec 2 §3): wall-clock times of the yard's day (TIME_ZONE). An end at or before
// the start crosses midnight (rules/machine-shifts.ts); an end equal to the start is no shift.
export const machineShifts = pgTable(
  'machine_shifts',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    fromHour: smallint().notNull(),
    fromMinute: smallint().notNull(),
    toHour: smallint().notNull(),
    toMinute: smallint().notNull(),
  },
  (table) => [
    uniqueIndex('machine_shifts_name_lower_unique').on(sql`lower(${table.name})`),
    check('machine_shifts_name_length', sql`char_length(btrim(${table.name})) between 1 and 40`),
    check(
      'machine_shifts_times',
      sql`${table.fromHour} between 0 and 23 and ${table.toHour} between 0 and 23 and ${table.fromMinute} between 0 and 59 and ${table.toMinute} between 0 and 59`,
    ),
    check(
      'machine_shifts_length',
      sql`(${table.fromHour}, ${table.fromMinute}) <> (${table.toHour}, ${table.toMinute})`,
    ),
  ],
);
