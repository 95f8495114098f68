import type { FastifyBaseLogger } from 'fastify';
import type { LiveMessage } from '@openyard/contracts';
import type { Bus } from '../../adapters/bus';
import type { Database } from '../../adapters/db';
import { OUTBOX_BATCH, outboxRepository, type OutboxBatchEvent } from './outbox.repository';

// Rows claimed per transaction; a row may hold a whole batch of device messages' events, so the bus
// gets them in messages of at most PUBLISH_CHUNK events.
const BATCH = 100;
const PUBLISH_CHUNK = 1000;

// Marks committed outbox events sent and publishes them on the bus, in one transaction per batch:
// a failed publish rolls the mark back, a crash after publishing re-sends the batch (at-least-once).
// Every process that writes events runs one; `kick()` after a commit makes delivery prompt, the
// poll catches the rest (events committed by other processes, or left behind by a crash).
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
  let again = false;
  let stopped = false;

  async function drain() {
    for (;;) {
      const count = await db.transaction(async (tx) => {
        const rows = await outboxRepository.claim(tx, BATCH);
        if (!rows.length) return 0;
        const events = rows.flatMap((row) =>
          row.type === OUTBOX_BATCH
            ? (row.payload as OutboxBatchEvent[]).map(
                (event) => ({ ...event, at: row.createdAt.getTime() }) as LiveMessage,
              )
            : [
                {
                  type: row.type,
                  topic: row.topic,
                  eventId: row.eventId,
                  at: row.createdAt.getTime(),
                  data: row.payload,
                } as LiveMessage,
              ],
        );
        for (let start = 0; start < events.length; start += PUBLISH_CHUNK)
          await bus.publish(events.slice(start, start + PUBLISH_CHUNK));
        return rows.length;
      });
      if (count < BATCH) return;
    }
  }

  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => logger.error({ err: error }, 'outbox relay failed; retrying'))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void kick();
        }
      });
    return running;
  }

  const timer = setInterval(() => void kick(), pollMs);
  timer.unref();

  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export type OutboxRelay = ReturnType<typeof createOutboxRelay>;
