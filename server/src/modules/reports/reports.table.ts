import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// The reports' day counts (docs/performance.md "Reports on years of history"): a page of a report
// is 15 rows read by an index, but its total was a count over the whole range — a year of
// movements is 1.7M rows, of machine events 2.2M. These counts per yard day are kept by the
// triggers of their migration in the transaction of every change (statement triggers for the
// inserts of movements and machine events, which come in batches), cut in the dashboard's zone
// (dashboard_rollup_state, the server's TIME_ZONE), so a year's total is at most 366 rows summed.
// The gate-ins and gate-outs per day are the dashboard's own (dashboard_yard_days): counted once.
//
// kind 'movements'      key ''                                   container_movements by moved_at
// kind 'machineEvents'  key machine id                           machine_events by occurred_at
// kind 'trailers'       key trailer_type|type|activity_group     trailers by entry_at
// kind 'dwell'          key whole days of dwell (at most 366)     dispatched containers, by the day
//                                                                of their gate-in (report 2.4's
//                                                                distribution; voided and planned
//                                                                ones not counted)
// kind 'areaMoves'      key area id|source                       container_movements into an area
//                                                                (report 2.3's placements by how)
// kind 'areaContainers' key area id                              the containers placed in the area
//                                                                that day, each once (2.3)
// kind 'notLocated'     key ''                                   containers by their gate-in day
//                                                                that no movement has placed yet
//                                                                (2.3's "location not updated";
//                                                                voided and planned ones not counted)
// The area kinds are read by day for every key of the kind: (kind, day) is indexed for them.
export const reportDays = pgTable(
  'report_days',
  {
    kind: text().notNull(),
    key: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    n: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'report_days_pkey', columns: [table.kind, table.key, table.day] }),
    index('report_days_kind_day_idx').on(table.kind, table.day),
  ],
);
