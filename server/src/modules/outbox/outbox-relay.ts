import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../adapters/bus';
import type { Database } from '../../adapters/db';
import { outboxRepository, stampEvents, type NewEvent, type OutboxWritten } from './outbox.repository';

// Rows claimed per transaction; a row holds all the events of one change.
const BATCH = 100;
// Handed-over rows kept for publishing at most (a few hundred kilobytes of events each).
const MAX_WRITTEN = 1000;

// Marks committed outbox events sent and publishes them on the bus, in one transaction per batch:
// a failed publish rolls the mark back, a crash after publishing re-sends the batch (at-least-once).
// Every process that writes events runs one; `kick()` after a commit makes delivery prompt, the
// poll catches the rest (events committed by other processes, or left behind by a crash).
// A writer that hands over what it wrote (`kick(written)`) has its row marked sent by id and its
// events published from memory: the payload is never read back. Rows claimed by the poll travel as
// the JSON text the writer stored: the relay never parses them.
export function createOutboxRelay({
  db,
  bus,
  logger,
  pollMs = 500,
}: {
  db: Database;
  bus: Bus;
  logger: FastifyBaseLogger;
  pollMs?: number;
}) {
  let running: Promise<void> | null = null;
  let stopped = false;
  // Rows handed over by writers (after their commit), not yet published. One that is not claimed
  // by id was published already, or is being published, by another relay's poll.
  let written: OutboxWritten[] = [];
  let claimAll = true;

  async function publishWritten() {
    while (written.length) {
      const batch = written.slice(0, BATCH);
      await db.transaction(async (tx) => {
        const claimed = await outboxRepository.claimIds(
          tx,
          batch.map((row) => row.id),
        );
        for (const row of batch) if (claimed.has(row.id)) await bus.publish(row.events, row.text);
      });
      // Rows handed over meanwhile were appended behind the batch.
      written = written.slice(batch.length);
    }
  }

  async function drain() {
    await publishWritten();
    if (!claimAll) return;
    claimAll = false;
    for (;;) {
      const count = await db.transaction(async (tx) => {
        const rows = await outboxRepository.claim(tx, BATCH);
        for (const row of rows) await bus.publishText(row.events);
        return rows.length;
      });
      if (count < BATCH) return;
    }
  }

  // A drain under way may have claimed its rows before the caller's commit: a kick then waits for
  // the drain after it (one for all the kicks that came meanwhile), so that a caller who awaits its
  // kick finds its events published.
  let followUp: Promise<void> | null = null;
  function kick(row?: OutboxWritten | null): Promise<void> {
    if (stopped) return Promise.resolve();
    if (row) {
      // While the bus is down nothing is published: keep a bounded number in memory, the poll
      // claims the rest from the table once it is back.
      if (written.length >= MAX_WRITTEN) written.shift();
      written.push(row);
    } else claimAll = true;
    if (running)
      return (followUp ??= running.then(() => {
        followUp = null;
        return kick();
      }));
    running = drain()
      .catch((error: unknown) => logger.error({ err: error }, 'outbox relay failed; retrying'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void kick(), pollMs);
  timer.unref();

  return {
    kick,
    // Events told without the outbox (TellNow): published at once, never stored, so a bus that
    // is down loses them; the failure is logged, not thrown at the work that told them.
    tell(events: readonly NewEvent[]): Promise<void> {
      if (stopped || !events.length) return Promise.resolve();
      return bus
        .publish(stampEvents(events))
        .catch((error: unknown) => logger.warn({ err: error }, 'events told without the outbox were lost'));
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export type OutboxRelay = ReturnType<typeof createOutboxRelay>;
