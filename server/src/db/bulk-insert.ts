import { sql } from 'drizzle-orm';
import type { Database } from '../adapters/db';

// Inserts many rows with one statement and one parameter: the rows travel as a JSON array and
// json_to_recordset turns them into a table. Far faster than a VALUES list with a parameter per
// field, on PGlite (about six times) as on PostgreSQL; for seeding and imports.
// `columns` maps each SQL column to its type; rows carry the same keys (dates as ISO strings).
export async function insertJsonRows(
  db: Database,
  table: string,
  columns: Record<string, string>,
  rows: readonly Record<string, unknown>[],
  chunk = 5000,
) {
  const names = Object.keys(columns);
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const shape = sql.raw(names.map((name) => `"${name}" ${columns[name]}`).join(', '));
  for (let start = 0; start < rows.length; start += chunk) {
    const json = JSON.stringify(rows.slice(start, start + chunk));
    await db.execute(
      sql`insert into ${sql.identifier(table)} (${list}) select ${list} from json_to_recordset(${json}::json) as x(${shape})`,
    );
  }
}

// The rows a raw statement returned, from either driver (PGlite gives `{ rows }`, postgres.js an array).
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

// The same one-parameter insert for the batches of the live pipeline: rows that would repeat a
// unique key (a redelivered device message) are skipped, and the inserted ones come back as the
// `returning` list selects them. Drizzle's VALUES builder cost three times as much CPU here (PGlite).
// Rows go in the order of `uniqueKey` (its columns): batches written at the same time then wait for
// each other's keys in one order, never in a cycle (a deadlock).
export async function insertJsonRowsReturning<T>(
  db: Database,
  table: string,
  columns: Record<string, string>,
  rows: readonly Record<string, unknown>[],
  uniqueKey: readonly string[],
  returning: string,
): Promise<T[]> {
  if (!rows.length) return [];
  const names = Object.keys(columns);
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const shape = sql.raw(names.map((name) => `"${name}" ${columns[name]}`).join(', '));
  const result = await db.execute(
    sql`insert into ${sql.identifier(table)} (${list}) select ${list} from json_to_recordset(${JSON.stringify(rows)}::json) as x(${shape}) order by ${sql.join(
      uniqueKey.map((name) => sql.identifier(name)),
      sql`, `,
    )} on conflict do nothing returning ${sql.raw(returning)}`,
  );
  return rowsOf<T>(result);
}
