import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../adapters/db';
import { openMemoryQueue, type JobHandler } from '../../adapters/queue';
import { eventually } from '../../test/eventually';
import { openTestDatabase } from '../../test/test-app';
import { createJobStore } from './jobs.repository';

// The embedded queue with its jobs in the database: what a stop or a crash leaves is resumed.
const logger = pino({ level: 'silent' });
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function storedJobs(queue: string) {
  const result = await database.db.execute(
    sql`select name, data::text as data, attempt from queued_jobs where queue = ${queue} order by id`,
  );
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    name: string;
    data: string;
    attempt: number;
  }[];
}

const handlers = (run: JobHandler) => new Map<string, JobHandler>([['Work', run]]);

describe('the embedded queue with its store', () => {
  it('has a job in the database once addBulk resolves, and removes it once the job completed', async () => {
    const store = createJobStore(database.db, 'q-complete');
    const queue = await openMemoryQueue({ logger, store });
    await queue.addBulk([{ name: 'Work', data: { n: 1 } }]);
    // Acknowledged to the producer: in the database before anything ran.
    expect(await storedJobs('q-complete')).toEqual([{ name: 'Work', data: '{"n":1}', attempt: 1 }]);
    const runs: unknown[] = [];
    queue.process(
      handlers(async (data) => void runs.push(data)),
      { concurrency: 1 },
    );
    await eventually(async () => runs.length === 1 && (await storedJobs('q-complete')).length === 0);
    await queue.close();
  });

  it('keeps a job waiting to retry over a stop, and runs it after the next start', async () => {
    const store = createJobStore(database.db, 'q-retry');
    const first = await openMemoryQueue({ logger, store });
    let failures = 0;
    first.process(
      handlers(async () => {
        failures += 1;
        throw new Error('the database said no');
      }),
      { concurrency: 1 },
    );
    await first.addBulk([{ name: 'Work', data: { n: 2 } }]);
    await eventually(async () => failures === 1);
    // Waiting for its retry (half a second away) when the process stops.
    await first.close();
    expect(await storedJobs('q-retry')).toEqual([{ name: 'Work', data: '{"n":2}', attempt: 2 }]);

    const second = await openMemoryQueue({ logger, store });
    const attempts: number[] = [];
    second.process(
      handlers(async (_data, job) => void attempts.push(job.attempt)),
      { concurrency: 1 },
    );
    await eventually(async () => attempts.length === 1 && (await storedJobs('q-retry')).length === 0);
    expect(attempts).toEqual([2]);
    await second.close();
  });

  it('keeps a backlog longer than the drain time for the next start, and finishes the job in flight', async () => {
    const store = createJobStore(database.db, 'q-backlog');
    const lines: string[] = [];
    const watched = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const first = await openMemoryQueue({ logger: watched, store });
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const done: number[] = [];
    first.process(
      handlers(async (data) => {
        await slow;
        done.push((data as { n: number }).n);
      }),
      { concurrency: 1 },
    );
    await first.addBulk(Array.from({ length: 5 }, (_, n) => ({ name: 'Work', data: { n } })));
    await eventually(async () => (await first.stats()).active === 1);
    const closing = first.close({ drainMs: 50 });
    // The drain time is up while the first job still runs: the four others stay queued.
    await eventually(async () => lines.some((line) => line.includes('queued jobs kept for the next start')));
    expect((await first.stats()).waiting).toBe(4);
    release();
    await closing;
    expect(done).toEqual([0]);
    expect((await storedJobs('q-backlog')).map((job) => job.data)).toEqual([1, 2, 3, 4].map((n) => `{"n":${n}}`));

    const second = await openMemoryQueue({ logger, store });
    second.process(
      handlers(async (data) => void done.push((data as { n: number }).n)),
      { concurrency: 1 },
    );
    await eventually(async () => done.length === 5 && (await storedJobs('q-backlog')).length === 0);
    expect(done).toEqual([0, 1, 2, 3, 4]);
    await second.close();
  });
});
