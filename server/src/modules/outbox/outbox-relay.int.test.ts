import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus, createRedisBus, type BusEvent } from '../../adapters/bus';
import type { DatabaseHandle } from '../../adapters/db';
import { silentServer } from '../../test/silent-server';
import { openTestDatabase } from '../../test/test-app';
import { createOutboxRelay, type OutboxRelay } from './outbox-relay';
import { rowsOf } from '../../db/bulk-insert';
import { commitWithEvents, type OutboxWritten } from './outbox.repository';

let database: DatabaseHandle;
let relay: OutboxRelay;
const received: BusEvent[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const bus = createMemoryBus();
  bus.subscribe((events) => received.push(...events));
  // A long poll: each test kicks the relay itself.
  relay = createOutboxRelay({ db: database.db, bus, logger: pino({ level: 'silent' }), pollMs: 3_600_000 });
});
afterAll(async () => {
  await relay?.stop();
  await database?.close();
});

const gateChanged = (gateId: number) => ({ type: 'gate.changed', data: { gateId } }) as const;
const count = async (where: ReturnType<typeof sql>) =>
  rowsOf<{ count: number }>(
    await database.db.execute(sql`select count(*)::int as count from outbox_events where ${where}`),
  )[0]!.count;
const unsent = () => count(sql`published_at is null`);

describe('outbox relay', () => {
  it('publishes what a writer handed over once, without reading it back, and marks it sent', async () => {
    received.length = 0;
    let written: OutboxWritten | null | undefined;
    await commitWithEvents(
      database.db,
      (row) => (written = row),
      async (_tx, events) => {
        events.push(gateChanged(1), gateChanged(2));
      },
    );
    expect(written?.events.map((event) => event.data)).toEqual([{ gateId: 1 }, { gateId: 2 }]);
    await relay.kick(written);
    // Handed over again (a retried kick): the row is sent already, nothing goes out twice.
    await relay.kick(written);
    expect(received.map((event) => event.data)).toEqual([{ gateId: 1 }, { gateId: 2 }]);
    expect(new Set(received.map((event) => event.eventId)).size).toBe(2);
    expect(await unsent()).toBe(0);
  });

  it('publishes committed rows nobody handed over (another process, a crash) on a plain kick', async () => {
    received.length = 0;
    // Written, never handed over: as a process that died after its commit leaves it.
    await commitWithEvents(
      database.db,
      () => undefined,
      async (_tx, events) => {
        events.push(gateChanged(3));
      },
    );
    expect(await unsent()).toBe(1);
    await relay.kick();
    expect(received).toMatchObject([{ type: 'gate.changed', data: { gateId: 3 } }]);
    expect(await unsent()).toBe(0);
  });

  it('writes nothing and hands nothing over when the change fails', async () => {
    let handedOver = false;
    await expect(
      commitWithEvents(
        database.db,
        () => (handedOver = true),
        async (_tx, events) => {
          events.push(gateChanged(4));
          throw new Error('refused');
        },
      ),
    ).rejects.toThrow('refused');
    expect(handedOver).toBe(false);
    expect(await count(sql`true`)).toBe(2); // the two rows of the tests before
  });

  it('tells events at once while a transaction is open, stamped, and stores none of them', async () => {
    received.length = 0;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Inside the open transaction (PGlite's one connection is its): on the bus already.
      await relay.tell([gateChanged(5)]);
      expect(received.map((event) => event.data)).toEqual([{ gateId: 5 }]);
    });
    // Stamped as the outbox stamps what it stores: an event id and a time.
    expect(received[0]).toMatchObject({ type: 'gate.changed' });
    expect(['eventId', 'at'].every((key) => key in received[0]!)).toBe(true);
    expect(await count(sql`true`)).toBe(2);
  });

  // Issue 13 point 12: a publish to a Redis that never answered never timed out, so the relay held
  // its transaction and the rows it had claimed (locked, marked sent) for as long as Redis was silent.
  it('gives up a publish Redis never answers, rolls back and leaves the rows to a later try', async () => {
    const silent = await silentServer();
    const logged: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(line) });
    const silentBus = createRedisBus(silent.url, `oy-test-${randomUUID()}`, { publishTimeoutMs: 300 });
    const stuck = createOutboxRelay({
      db: database.db,
      bus: silentBus,
      logger,
      pollMs: 3_600_000,
    });
    try {
      received.length = 0;
      let written: OutboxWritten | null | undefined;
      await commitWithEvents(
        database.db,
        (row) => (written = row),
        async (_tx, events) => {
          events.push(gateChanged(5));
        },
      );
      // Resolves: the publish gave up and the relay said so.
      await stuck.kick(written);
      expect(logged.join('')).toContain('outbox relay failed; retrying');
      expect(await unsent()).toBe(1);
      // Its lock is gone: another transaction takes the row at once (PostgreSQL: NOWAIT would fail on
      // a held lock; PGlite runs one transaction at a time, so one running at all says as much).
      await database.db.transaction(async (tx) => {
        const rows = rowsOf<{ id: number }>(
          await tx.execute(sql`select id from outbox_events where published_at is null for update nowait`),
        );
        expect(rows.map((row) => Number(row.id))).toEqual([written!.id]);
      });
      // A relay with a working bus sends it (here the test's own, on its next kick).
      await relay.kick();
      expect(received.map((event) => event.data)).toEqual([{ gateId: 5 }]);
      expect(await unsent()).toBe(0);
    } finally {
      await stuck.stop();
      await silentBus.close();
      await silent.close();
    }
  });
});
