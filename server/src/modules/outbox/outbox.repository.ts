import { randomUUID } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { LiveMessage } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { rowsOf } from '../../db/bulk-insert';
import { outboxEvents } from './outbox.table';

export type NewEvent = Pick<LiveMessage, 'type' | 'topic' | 'data'>;

// The type of every outbox row: its payload is a JSON array of live messages, complete with their
// event ids and times, exactly as the bus carries them.
export const OUTBOX_BATCH = 'outbox.batch';

// What a writer committed: its outbox row, the events and their JSON. The relay publishes it without
// reading it back (see createOutboxRelay).
export interface OutboxWritten {
  id: number;
  events: LiveMessage[];
  text: string;
}

// Called after a transaction commits; with what it wrote to the outbox, when the caller has it.
export type AfterCommit = (written?: OutboxWritten | null) => void;

export interface ClaimedOutboxRow {
  id: number;
  // The JSON array of the row's live messages, as written.
  events: string;
}

export const outboxRepository = {
  // Called inside the transaction of the change the events describe. All the events of the change
  // go in one row (a batch of device messages causes hundreds): one row to write, claim and mark
  // sent instead of hundreds, and a text the relay hands to the bus as it is.
  async add(db: Database, events: readonly NewEvent[]): Promise<OutboxWritten | null> {
    if (!events.length) return null;
    const at = Date.now();
    const messages = events.map(
      (event) => ({ eventId: randomUUID(), type: event.type, topic: event.topic, at, data: event.data }) as LiveMessage,
    );
    const topics = [...new Set(events.map((event) => event.topic))].join(',');
    const text = JSON.stringify(messages);
    const result = await db.execute(
      sql`insert into ${outboxEvents} (event_id, type, topic, payload) values (${randomUUID()}, ${OUTBOX_BATCH}, ${topics}, ${text}::json) returning id`,
    );
    const [row] = rowsOf<{ id: number | string }>(result);
    return { id: Number(row!.id), events: messages, text };
  },

  // Marks the given rows sent, those that are committed and not sent yet; returns their ids.
  async claimIds(db: Database, ids: readonly number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const result = await db.execute(sql`
      update ${outboxEvents} set published_at = now()
      where id in (
        select id from ${outboxEvents}
        where id = any(${`{${ids.join(',')}}`}::bigint[]) and published_at is null
        order by id for update skip locked
      )
      returning id`);
    return new Set(rowsOf<{ id: number | string }>(result).map((row) => Number(row.id)));
  },

  // Claims a batch of unsent rows, oldest first, by marking them sent in one statement; other
  // relays skip the locked rows. The caller publishes them before its transaction commits, so a
  // failed publish rolls the mark back. The events come back as the text they were written as.
  async claim(db: Database, limit: number): Promise<ClaimedOutboxRow[]> {
    const result = await db.execute(sql`
      update ${outboxEvents} set published_at = now()
      where id in (
        select id from ${outboxEvents} where published_at is null order by id limit ${limit} for update skip locked
      )
      returning id, payload::text as events`);
    return rowsOf<{ id: number | string; events: string }>(result)
      .map((row) => ({ id: Number(row.id), events: row.events }))
      .sort((a, b) => a.id - b.id);
  },

  async deletePublishedBefore(db: Database, before: Date) {
    await db.delete(outboxEvents).where(lt(outboxEvents.publishedAt, before));
  },
};

// One change: `work` runs in a transaction and pushes the events it causes, which go to the outbox
// in the same transaction; after the commit the relay gets what was written.
export async function commitWithEvents<T>(
  db: Database,
  afterCommit: AfterCommit,
  work: (tx: Database, events: NewEvent[]) => Promise<T>,
): Promise<T> {
  let written: OutboxWritten | null = null;
  const value = await db.transaction(async (tx) => {
    const events: NewEvent[] = [];
    const result = await work(tx, events);
    written = await outboxRepository.add(tx, events);
    return result;
  });
  afterCommit(written);
  return value;
}
