import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../adapters/db';
import { rowsOf } from '../../db/bulk-insert';
import {
  archivedContainerMovements,
  archivedContainers,
  archivedDeviceLogs,
  archivedGateTransactions,
  archivedItvTasks,
  archivedTasks,
  archivedTrailers,
  archiveRuns,
} from './archive.table';

export type ArchiveRunRow = typeof archiveRuns.$inferSelect;
export type ArchiveCountName =
  'containers' | 'movements' | 'tasks' | 'itvTasks' | 'trailers' | 'gateTransactions' | 'deviceLogs';
export type ArchiveBatchCounts = Partial<Record<ArchiveCountName, number>>;

// The columns an archive table shares with its current table (the archive's own bookkeeping
// columns aside): the one list both the copy and the comparison test read.
const BOOKKEEPING = new Set(['archived_at', 'archive_run_id']);
export const sharedColumns = (table: PgTable) =>
  getTableConfig(table)
    .columns.map((column) => column.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`))
    .filter((name) => !BOOKKEEPING.has(name));

const idList = (ids: readonly (number | string)[]) => sql.raw(ids.map((id) => Number(id)).join(','));

// Moves the rows of `current` that `where` picks into the archive table: deleted and inserted by one
// statement, so a row is in exactly one of the two (the archive's primary key refuses a second copy).
async function move(db: Database, current: string, archived: PgTable, where: SQL, extra?: { runId: number }) {
  const columns = sharedColumns(archived).map((name) => `"${name}"`);
  const list = sql.raw(columns.join(', '));
  const target = sql.raw(`archive."${getTableConfig(archived).name}"`);
  const statement = extra
    ? sql`with moved as (delete from ${sql.raw(current)} where ${where} returning *)
        insert into ${target} (${list}, archive_run_id) select ${list}, ${extra.runId} from moved`
    : sql`with moved as (delete from ${sql.raw(current)} where ${where} returning *)
        insert into ${target} (${list}) select ${list} from moved`;
  const result = await db.execute(statement);
  return rowCount(result);
}

function rowCount(result: unknown): number {
  const value = result as { count?: number; affectedRows?: number; rowCount?: number };
  return Number(value.count ?? value.affectedRows ?? value.rowCount ?? 0);
}

// A visit (`c`) an archive run moves: dispatched before the cut-off, and named by no open task or
// ITV task. An open task is the yard's work still (its machine's queue, the duplicate check of
// GET /rest/tasks/find and /rest/itv-tasks/find, which read the current tables only): its visit stays
// current until the task is completed or deleted, and a later run moves them together.
const archivable = (cutoff: Date) => sql`c.dispatched_at < ${cutoff.toISOString()}
  and not exists (select 1 from tasks t where t.container_id = c.id and t.completed_at is null)
  and not exists (select 1 from itv_tasks i where i.container_id = c.id and i.completed_at is null)`;

export const archiveRepository = {
  // Whether a read of the history from `from` (null: the whole history) reaches rows an archive run
  // moved, so it must read the archive too (the `*_with_archive` views of migration 0032: the current
  // rows `union all` the archived ones). A run moves only visits dispatched, and truck visits out,
  // before its cut-off (and their movements and tasks, which come before the dispatch), so no archived
  // row is at or after the latest cut-off of a run that moved anything (its counts are raised in the
  // transaction of each batch it commits). A run still running counts before its first batch, so a
  // batch committed between this look and the read cannot take rows out of the current tables
  // unseen. The reports (reports.service.ts) and the containers list (containers.service.ts) ask it.
  async reachesArchive(db: Database, from: Date | null): Promise<boolean> {
    const [row] = rowsOf<{ reaches: boolean }>(
      await db.execute(sql`select exists (select 1 from archive_runs
        where (status = 'running' or containers + movements + trailers > 0)
          ${from ? sql`and cutoff_at > ${from.toISOString()}::timestamptz` : sql``}) as reaches`),
    );
    return Boolean(row?.reaches);
  },

  // The archive run's transactions: the rollups' delete triggers leave their deletes uncounted.
  async markArchiving(tx: Database) {
    await tx.execute(sql`select set_config('openyard.archiving', 'on', true)`);
  },

  insertRun: async (db: Database, values: typeof archiveRuns.$inferInsert) =>
    (await db.insert(archiveRuns).values(values).returning())[0]!,

  run: async (db: Database, id: number) => (await db.select().from(archiveRuns).where(eq(archiveRuns.id, id)))[0],

  // The run row locked for a batch: batches of one run (a redelivered job beside a live one) queue.
  lockRun: async (tx: Database, id: number) =>
    (await tx.select().from(archiveRuns).where(eq(archiveRuns.id, id)).for('update'))[0],

  running: async (db: Database) =>
    (await db.select().from(archiveRuns).where(eq(archiveRuns.status, 'running')).limit(1))[0],

  latest: async (db: Database) => (await db.select().from(archiveRuns).orderBy(desc(archiveRuns.id)).limit(1))[0],

  lastDone: async (db: Database) =>
    (
      await db
        .select()
        .from(archiveRuns)
        .where(eq(archiveRuns.status, 'done'))
        .orderBy(desc(archiveRuns.cutoffAt))
        .limit(1)
    )[0],

  async addCounts(tx: Database, id: number, counts: ArchiveBatchCounts) {
    const set: Record<string, SQL> = {};
    for (const [name, value] of Object.entries(counts) as [ArchiveCountName, number][]) {
      if (value) set[name] = sql`${archiveRuns[name]} + ${value}`;
    }
    if (!Object.keys(set).length) return (await archiveRepository.run(tx, id))!;
    return (await tx.update(archiveRuns).set(set).where(eq(archiveRuns.id, id)).returning())[0]!;
  },

  finish: async (db: Database, id: number, values: { status: 'done' | 'failed'; error?: string | null }) =>
    (
      await db
        .update(archiveRuns)
        .set({ status: values.status, error: values.error ?? null, finishedAt: new Date() })
        .where(eq(archiveRuns.id, id))
        .returning()
    )[0]!,

  // Containers that left the yard before the cut-off (dispatched; those still in the yard and a
  // number's later visits are other rows, never touched) and that no open task names.
  async countDispatchedBefore(db: Database, cutoff: Date) {
    const [row] = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*) as n from containers c where ${archivable(cutoff)}`),
    );
    return Number(row?.n ?? 0);
  },

  // One batch of containers, with their movements, tasks and ITV tasks. Locked, skipping rows another
  // transaction holds (they are taken by the next batch).
  async moveContainers(tx: Database, cutoff: Date, limit: number, runId: number): Promise<ArchiveBatchCounts> {
    const ids = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from containers c where ${archivable(cutoff)}
        order by dispatched_at, id limit ${limit} for update skip locked`),
    ).map((row) => Number(row.id));
    if (!ids.length) return {};
    const list = idList(ids);
    const itvTasks = await move(tx, 'itv_tasks', archivedItvTasks, sql`container_id in (${list})`);
    const tasks = await move(tx, 'tasks', archivedTasks, sql`container_id in (${list})`);
    const movements = await move(tx, 'container_movements', archivedContainerMovements, sql`container_id in (${list})`);
    const containers = await move(tx, 'containers', archivedContainers, sql`id in (${list})`, { runId });
    return { containers, movements, tasks, itvTasks };
  },

  // Truck visits out before the cut-off that no current task names any more.
  async moveTrailers(tx: Database, cutoff: Date, limit: number): Promise<ArchiveBatchCounts> {
    const at = cutoff.toISOString();
    const ids = rowsOf<{ id: number }>(
      await tx.execute(sql`select t.id from trailers t where t.entry_at < ${at} and t.out_at < ${at}
        and not exists (select 1 from tasks where tasks.visit_id = t.id)
        order by t.id limit ${limit} for update skip locked`),
    ).map((row) => Number(row.id));
    if (!ids.length) return {};
    return { trailers: await move(tx, 'trailers', archivedTrailers, sql`id in (${idList(ids)})`) };
  },

  async moveGateTransactions(tx: Database, cutoff: Date, limit: number): Promise<ArchiveBatchCounts> {
    const moved = await move(
      tx,
      'gate_transactions',
      archivedGateTransactions,
      sql`request_id in (select request_id from gate_transactions where committed_at < ${cutoff.toISOString()}
        order by committed_at limit ${limit} for update skip locked)`,
    );
    return moved ? { gateTransactions: moved } : {};
  },

  async moveDeviceLogs(tx: Database, cutoff: Date, limit: number): Promise<ArchiveBatchCounts> {
    const moved = await move(
      tx,
      'device_logs',
      archivedDeviceLogs,
      sql`id in (select id from device_logs where received_at < ${cutoff.toISOString()}
        order by received_at limit ${limit} for update skip locked)`,
    );
    return moved ? { deviceLogs: moved } : {};
  },
};
