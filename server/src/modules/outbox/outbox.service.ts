import type { Database } from '../../adapters/db';
import { outboxRepository } from './outbox.repository';

// The outbox's housekeeping, for the jobs: rows the relay published are kept a while, then removed.
export function createOutboxMaintenance(db: Database) {
  return {
    purgePublishedBefore: (before: Date) => outboxRepository.deletePublishedBefore(db, before),
  };
}

export type OutboxMaintenance = ReturnType<typeof createOutboxMaintenance>;
