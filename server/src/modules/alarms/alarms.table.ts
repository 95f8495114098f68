import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// The yard's alarms (issue 18; spec 2 §9 report 5): raised and cleared by the alarm recorder from the
// domain events every process commits (alarms.recorder.ts). An alarm is about one thing (a machine,
// a reader, a yard exception, a container) and at most one of a kind is open for it; the event that
// raised it is kept, so a second delivery of that event, by this server or another, raises nothing.
export const alarms = pgTable(
  'alarms',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: text().notNull(),
    severity: text().notNull(),
    sourceKind: text().notNull(),
    sourceId: integer().notNull(),
    sourceName: text().notNull(),
    message: text().notNull(),
    raisedAt: timestamp({ withTimezone: true }).notNull(),
    clearedAt: timestamp({ withTimezone: true }),
    raisedEventId: uuid(),
  },
  (table) => [
    uniqueIndex('alarms_open_unique')
      .on(table.kind, table.sourceKind, table.sourceId)
      .where(sql`${table.clearedAt} is null`),
    uniqueIndex('alarms_raised_event_unique').on(table.raisedEventId),
    // The alarm report (raised within a range) and the open alarms, newest first.
    index('alarms_raised_idx').on(table.raisedAt),
    index('alarms_open_idx')
      .on(table.raisedAt)
      .where(sql`${table.clearedAt} is null`),
    check('alarms_kind', sql`${table.kind} in ('machineBreakdown', 'readerDown', 'yardException', 'movementAlert')`),
    check('alarms_severity', sql`${table.severity} in ('critical', 'warning')`),
    check('alarms_source_kind', sql`${table.sourceKind} in ('machine', 'reader', 'yardException', 'container')`),
    check('alarms_cleared_after', sql`${table.clearedAt} is null or ${table.clearedAt} >= ${table.raisedAt}`),
  ],
);
