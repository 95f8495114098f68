import { bigserial, index, integer, json, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The jobs of the embedded (in-process) queue, so that a job is as durable as the device message or
// upload it came from: ingest acknowledges a message only once its job is here, and a restart
// resumes what a crash or a stop left. A row goes when its job completes or fails for good.
// BullMQ keeps its jobs in Redis: in the scaled topology this table stays empty.
export const queuedJobs = pgTable(
  'queued_jobs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    // The queue the job belongs to ('openyard', 'ocr').
    queue: text().notNull(),
    name: text().notNull(),
    // The caller's dedupe id (a device message), when it gave one.
    jobId: text(),
    // json, not jsonb: written and read back whole, never queried inside.
    data: json().notNull(),
    attempt: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('queued_jobs_queue_idx').on(table.queue, table.id)],
);
