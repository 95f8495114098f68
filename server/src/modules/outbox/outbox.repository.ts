import { randomUUID } from 'node:crypto';
import { asc, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { LiveMessage } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { outboxEvents } from './outbox.table';

export type NewEvent = Pick<LiveMessage, 'type' | 'topic' | 'data'>;

export const outboxRepository = {
  // Called inside the transaction of the change the events describe.
  async add(db: Database, events: readonly NewEvent[]) {
    if (!events.length) return;
    await db
      .insert(outboxEvents)
      .values(
        events.map((event) => ({ eventId: randomUUID(), type: event.type, topic: event.topic, payload: event.data })),
      );
  },

  // Claims a batch of unsent events; other relays skip the locked rows.
  claim(db: Database, limit: number) {
    return db
      .select()
      .from(outboxEvents)
      .where(isNull(outboxEvents.publishedAt))
      .orderBy(asc(outboxEvents.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  async markPublished(db: Database, ids: number[]) {
    if (ids.length)
      await db
        .update(outboxEvents)
        .set({ publishedAt: sql`now()` })
        .where(inArray(outboxEvents.id, ids));
  },

  async deletePublishedBefore(db: Database, before: Date) {
    await db.delete(outboxEvents).where(lt(outboxEvents.publishedAt, before));
  },
};
