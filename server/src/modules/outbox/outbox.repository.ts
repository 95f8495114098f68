import { randomUUID } from 'node:crypto';
import { asc, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { LiveMessage } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { outboxEvents } from './outbox.table';

export type NewEvent = Pick<LiveMessage, 'type' | 'topic' | 'data'>;

// The type of an outbox row that holds several events (payload: OutboxBatchEvent[]).
export const OUTBOX_BATCH = 'outbox.batch';
export type OutboxBatchEvent = Pick<LiveMessage, 'eventId' | 'type' | 'topic' | 'data'>;

export const outboxRepository = {
  // Called inside the transaction of the change the events describe. Several events go in one row
  // (a batch of device messages causes hundreds): one row to write, claim and mark sent instead of
  // hundreds. Each event keeps its own event id inside it.
  async add(db: Database, events: readonly NewEvent[]) {
    if (!events.length) return;
    if (events.length === 1) {
      const [event] = events as [NewEvent];
      await db
        .insert(outboxEvents)
        .values({ eventId: randomUUID(), type: event.type, topic: event.topic, payload: event.data });
      return;
    }
    const payload: OutboxBatchEvent[] = events.map((event) => ({
      eventId: randomUUID(),
      type: event.type,
      topic: event.topic,
      data: event.data,
    }));
    await db.execute(
      sql`insert into ${outboxEvents} (event_id, type, topic, payload) values (${randomUUID()}, ${OUTBOX_BATCH}, '', ${JSON.stringify(payload)}::jsonb)`,
    );
  },

  // Claims a batch of unsent events, oldest first, by marking them sent in one statement; other
  // relays skip the locked rows. The caller publishes them before its transaction commits, so a
  // failed publish rolls the mark back.
  async claim(db: Database, limit: number) {
    const next = db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(isNull(outboxEvents.publishedAt))
      .orderBy(asc(outboxEvents.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(outboxEvents)
      .set({ publishedAt: sql`now()` })
      .where(inArray(outboxEvents.id, next))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  },

  async deletePublishedBefore(db: Database, before: Date) {
    await db.delete(outboxEvents).where(lt(outboxEvents.publishedAt, before));
  },
};
