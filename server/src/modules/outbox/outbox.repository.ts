import { randomUUID } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { DomainEvent, NewDomainEvent } from '@openyard/contracts';
import type { BusEvent } from '../../adapters/bus';
import type { Database } from '../../adapters/db';
import { rowsOf } from '../../db/bulk-insert';
import { currentCorrelationId } from '../../lib/correlation';
import { outboxEvents } from './outbox.table';

// What a service records: a domain event (contracts/src/events.ts), never a websocket payload.
export type NewEvent = NewDomainEvent;

// The type of the rows written before domain events: a JSON array of live messages (with their
// topics). Rows of this type still in the table are delivered as they are (the hub passes a live
// message through its projection unchanged).
export const OUTBOX_BATCH = 'outbox.batch';
// The type of every row written now: a JSON array of domain events, complete with their event ids
// and times, exactly as the bus carries them. The row's `topic` column lists their event types.
export const OUTBOX_DOMAIN_EVENTS = 'outbox.events';

// What a writer committed: its outbox row, the events and their JSON. The relay publishes it without
// reading it back (see createOutboxRelay).
export interface OutboxWritten {
  id: number;
  events: BusEvent[];
  text: string;
}

// Called after a transaction commits; with what it wrote to the outbox, when the caller has it.
export type AfterCommit = (written?: OutboxWritten | null) => void;

// Tells events at once, on the bus, without recording them (the relay's `tell`): for the state of
// work whose own transaction is still open and holds the only connection (PGlite's), which no
// other transaction could record meanwhile. Such an event is not durable and is told at most once:
// only what the work records when it ends (its outcome, with commitWithEvents) may be relied on.
export type TellNow = (events: readonly NewEvent[]) => void;

// The events of one change as the bus carries them: each with its id, the time and the
// correlation id of the device message it came from, or else of the request or job in hand
// (lib/correlation.ts).
export function stampEvents(events: readonly NewEvent[]): DomainEvent[] {
  const at = Date.now();
  const inHand = currentCorrelationId();
  return events.map((event) => {
    const correlationId = event.correlationId ?? inHand;
    return (
      correlationId === undefined
        ? { eventId: randomUUID(), type: event.type, at, data: event.data }
        : { eventId: randomUUID(), type: event.type, at, correlationId, data: event.data }
    ) as DomainEvent;
  });
}

export interface ClaimedOutboxRow {
  id: number;
  // The JSON array of the row's events, as written.
  events: string;
}

export const outboxRepository = {
  // Called inside the transaction of the change the events describe. All the events of the change
  // go in one row (a batch of device messages causes hundreds): one row to write, claim and mark
  // sent instead of hundreds, and a text the relay hands to the bus as it is.
  async add(db: Database, events: readonly NewEvent[]): Promise<OutboxWritten | null> {
    if (!events.length) return null;
    const recorded = stampEvents(events);
    const types = [...new Set(events.map((event) => event.type))].join(',');
    const text = JSON.stringify(recorded);
    const result = await db.execute(
      sql`insert into ${outboxEvents} (event_id, type, topic, payload) values (${randomUUID()}, ${OUTBOX_DOMAIN_EVENTS}, ${types}, ${text}::json) returning id`,
    );
    const [row] = rowsOf<{ id: number | string }>(result);
    return { id: Number(row!.id), events: recorded, text };
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

  // What the relay has not published yet: rows and the age of the oldest (the outbox lag metric).
  async backlog(db: Database): Promise<{ unpublished: number; oldestAgeMs: number | null }> {
    const result = await db.execute(sql`
      select count(*)::int as unpublished,
             (extract(epoch from (now() - min(created_at))) * 1000)::float8 as oldest
      from ${outboxEvents} where published_at is null`);
    const [row] = rowsOf<{ unpublished: number | string; oldest: number | string | null }>(result);
    return {
      unpublished: Number(row?.unpublished ?? 0),
      oldestAgeMs: row?.oldest === null || row?.oldest === undefined ? null : Math.max(0, Number(row.oldest)),
    };
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
