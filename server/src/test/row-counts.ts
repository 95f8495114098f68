import { sql } from 'drizzle-orm';
import type { Database } from '../adapters/db';
import { rowsOf } from '../db/bulk-insert';

// Tables a refused request may legitimately touch: sessions (a sign-in's touch), the embedded
// queue's jobs and the migrations' bookkeeping are written by the server's own timers.
const UNCOUNTED_TABLES = new Set(['sessions', 'queued_jobs', '__drizzle_migrations']);

// The row count of every table of the schema (but those above), in one statement: what security
// and fuzzing tests compare before and after requests that must write nothing.
export async function rowCounter(db: Database): Promise<() => Promise<Map<string, number>>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  )
    .map((row) => row.name)
    .filter((name) => !UNCOUNTED_TABLES.has(name));
  const statement = sql.raw(
    tables.map((name) => `select '${name}' as name, count(*)::int as rows from "${name}"`).join(' union all '),
  );
  return async () =>
    new Map(
      rowsOf<{ name: string; rows: number }>(await db.execute(statement)).map((row) => [row.name, Number(row.rows)]),
    );
}

// The tables whose counts differ, as `name before→after`.
export const changedTables = (before: Map<string, number>, after: Map<string, number>) =>
  [...after]
    .filter(([name, rows]) => before.get(name) !== rows)
    .map(([name, rows]) => `${name} ${before.get(name)}→${rows}`);
