import { sql } from 'drizzle-orm';
import { bigserial, index, json, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Domain events written in the same transaction as the change they describe; the relay publishes
// them on the bus after commit and marks them sent (at-least-once; consumers dedupe by event id).
// A row holds the domain events of one change as a JSON array (json, not jsonb: it is written and
// read back whole, never queried inside, and jsonb's conversion both ways cost twice as much).
// `topic` lists the types of its events (`outbox.events` rows) or, in rows of the earlier
// `outbox.batch` format (arrays of live messages), the topics of its messages.
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: uuid().notNull().unique(),
    type: text().notNull(),
    topic: text().notNull(),
    payload: json().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('outbox_events_unpublished_idx')
      .on(table.id)
      .where(sql`${table.publishedAt} is null`),
  ],
);
