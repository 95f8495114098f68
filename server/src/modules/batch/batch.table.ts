import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// A batch file's run (issue 20): what was asked, how far it is and its outcome, so that GET
// batch/jobs/{jobId} answers from any process and a worker that picks up a large file finds it.
// The file itself waits as a blob (batch/<id>/<file>) until the run is done.
export const batchJobs = pgTable(
  'batch_jobs',
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    mode: text().notNull(),
    fileName: text().notNull(),
    // The blob key of the uploaded file (null once the run is over and the file removed).
    fileKey: text(),
    // What the call asked beyond the file: forceDispatch, update, compareWithDb, lastUpdated.
    options: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text().notNull().default('queued'),
    progress: doublePrecision().notNull().default(0),
    total: integer().notNull().default(0),
    processed: integer().notNull().default(0),
    succeeded: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    message: text(),
    generatedReport: text(),
    // The first BATCH_ANSWER_ROWS results (the report has all of them).
    rows: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    requestedBy: text().notNull(),
    requestedById: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check('batch_jobs_kind', sql`${table.kind} in ('gateIn', 'dispatch', 'sync')`),
    check('batch_jobs_mode', sql`${table.mode} in ('rowByRow', 'allOrNothing')`),
    check('batch_jobs_status', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
    check('batch_jobs_progress', sql`${table.progress} between 0 and 1`),
    check(
      'batch_jobs_counts',
      sql`${table.processed} <= ${table.total} and ${table.succeeded} + ${table.failed} <= ${table.total}`,
    ),
    index('batch_jobs_created_idx').on(table.createdAt),
  ],
);
