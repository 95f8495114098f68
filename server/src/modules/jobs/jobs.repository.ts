import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db';
import type { JobStore, StoredJob } from '../../adapters/queue';
import { rowsOf } from '../../db/bulk-insert';
import { queuedJobs } from './jobs.table';

// The embedded queue's jobs in the database (see queuedJobs), one store per queue name.
export function createJobStore(db: Database, queue: string): JobStore {
  return {
    async add(jobs) {
      if (!jobs.length) return [];
      // One statement for the whole add, rows as one JSON parameter (as the pipeline's inserts).
      const rows = JSON.stringify(jobs.map((job) => ({ name: job.name, job_id: job.jobId ?? null, data: job.data })));
      const result = await db.execute(sql`
        insert into ${queuedJobs} (queue, name, job_id, data)
        select ${queue}, name, job_id, data from json_to_recordset(${rows}::json) as x(name text, job_id text, data json)
        returning id`);
      // Ids come from one sequence in insertion order, which is the order of the rows.
      return rowsOf<{ id: number | string }>(result)
        .map((row) => Number(row.id))
        .sort((a, b) => a - b);
    },
    async remove(ids) {
      if (!ids.length) return;
      await db.execute(sql`delete from ${queuedJobs} where id = any(${`{${ids.join(',')}}`}::bigint[])`);
    },
    async setAttempt(id, attempt) {
      await db.execute(sql`update ${queuedJobs} set attempt = ${attempt} where id = ${id}`);
    },
    async load() {
      const result = await db.execute(sql`
        select id, name, job_id as "jobId", data::text as data, attempt
        from ${queuedJobs} where queue = ${queue} order by id`);
      return rowsOf<{ id: number | string; name: string; jobId: string | null; data: string; attempt: number }>(
        result,
      ).map((row): StoredJob => ({
        id: Number(row.id),
        name: row.name,
        jobId: row.jobId ?? undefined,
        data: JSON.parse(row.data) as unknown,
        attempt: row.attempt,
      }));
    },
  };
}
