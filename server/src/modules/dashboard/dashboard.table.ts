import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DashboardLayout } from '@openyard/contracts';
import { users } from '../users/users.table';

// The dashboard's rollup (docs/performance.md "Dashboard"): counts per yard day, kept by the
// triggers of migrations 0021 and 0025 in the transaction of every change of containers and
// movements, so that a month is at most 31 rows and a year 366, however long the history, and a
// widget asked again after an event's live message finds the event counted. The day is the yard's
// day in the zone of `dashboard_rollup_state`, which the server sets to its TIME_ZONE at start
// (cutting the history again when the zone changed).

// Per yard day: containers that arrived (gate-in or import) and were dispatched, voided ones not
// counted; moves from one slot to another, by machines and by hand.
export const dashboardYardDays = pgTable('dashboard_yard_days', {
  day: date({ mode: 'string' }).primaryKey(),
  gateIns: integer().notNull().default(0),
  gateOuts: integer().notNull().default(0),
  machineMoves: integer().notNull().default(0),
  manualMoves: integer().notNull().default(0),
});

// One row: the zone the rollups are cut in, and when they were last cut again from the history.
export const dashboardRollupState = pgTable(
  'dashboard_rollup_state',
  {
    id: integer().primaryKey().default(1),
    timeZone: text().notNull().default('UTC'),
    cutAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('dashboard_rollup_state_single_row', sql`${table.id} = 1`)],
);

// Each user's dashboard: where each widget is, its size and chart type (checked by the service
// with dashboardLayoutProblem before it is stored).
export const dashboardLayouts = pgTable('dashboard_layouts', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  layout: jsonb().$type<DashboardLayout>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
