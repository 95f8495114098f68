import { date, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { machineShifts } from '../machine-shifts/machine-shifts.table';

// The rollup of a machine's work per yard day (spec 3 §2, §3): per yard day and machine, its picks,
// its productive and waste movements and its completed tasks (the rule:
// contracts/src/rules/task-dashboard.ts), once for the whole day (shift_id null) and once per machine
// shift (the day the shift starts). A dashboard over a year reads a few thousand of these rows
// instead of millions of machine events and tasks. It is the one count of these figures: the task
// dashboard, the enterprise dashboard's machine widget and report 3.1 read it (through the task
// dashboard service's `machineDays` and `machines`).
// Written in the transaction that stores a drop or completes a task (task-dashboard.service.ts
// record), so the figures change with the commit that changes them.
export const machineDayStats = pgTable(
  'machine_day_stats',
  {
    day: date({ mode: 'string' }).notNull(),
    shiftId: integer().references(() => machineShifts.id, { onDelete: 'cascade' }),
    machine: text().notNull(),
    picks: integer().notNull().default(0),
    productiveMoves: integer().notNull().default(0),
    wasteMoves: integer().notNull().default(0),
    completedTasks: integer().notNull().default(0),
  },
  // No check on the counts: a change is added as a signed delta (a deleted completed task takes its
  // count back), and a refused delta would refuse the task's own change.
  (table) => [
    // The whole day's rows (null shift) are one key too; the dashboard reads a shift's days in order.
    unique('machine_day_stats_key').on(table.shiftId, table.day, table.machine).nullsNotDistinct(),
  ],
);

// What the rollup's rows were built for: 'day' (the yard's time zone) and 'shift:<id>' (the time
// zone and the shift's times). The days are the yard's (TIME_ZONE, which only the server knows, so
// no migration can fill the rows): rows whose definition is missing or changed (a new or edited
// shift, another TIME_ZONE) are rebuilt from the history before they are read.
export const machineDayStatsBuilds = pgTable('machine_day_stats_builds', {
  key: text().primaryKey(),
  definition: text().notNull(),
  builtAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
