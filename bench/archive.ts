// Archive rate (docs/archive.md): a history of dispatched visits (3 movements, a task, a truck visit,
// a gate transaction and 2 device logs each; an ITV task every third) archived by the archive
// service on PostgreSQL, in its batches of 500. The baseline, in the same run on the same rows: a
// plain copy of those rows into scratch tables (no delete, no locks, no triggers), so the figure
// reads as the cost of the archive's transactions over copying the bytes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { archiveCutoffLatest, yardDayOf, yardDayStart } from '@openyard/contracts';
import { openDatabase } from '@openyard/server/adapters/db';
import { loadConfig } from '@openyard/server/config';
import { seedReferenceData } from '@openyard/server/db/seed/seed';
import { archiveRepository, createArchiveService } from '@openyard/server/modules/archive';
import { seedArchiveHistory } from '@openyard/server/test/archive-fixtures';
import { runIfMain } from './lib/main';
import { createDatabase } from './lib/services';

const CONTAINERS = Number(process.env.BENCH_ARCHIVE_CONTAINERS ?? 5000);
const TABLES = [
  'containers',
  'container_movements',
  'tasks',
  'itv_tasks',
  'trailers',
  'gate_transactions',
  'device_logs',
];

export async function benchArchive() {
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-bench-archive-'));
  const created = await createDatabase();
  const config = loadConfig({ DATABASE_URL: created.url, DATA_DIR: dataDir });
  const database = await openDatabase(config);
  try {
    const db = database.db;
    await seedReferenceData(db);
    await seedArchiveHistory(db, 'ARCU', CONTAINERS, 70);
    await db.execute(sql`analyze`);
    const cutoffDate = archiveCutoffLatest(yardDayOf(Date.now(), 'UTC'));
    const cutoffAt = new Date(yardDayStart(cutoffDate, 'UTC'));

    let started = performance.now();
    for (const table of TABLES) await db.execute(sql.raw(`create table scratch_${table} as select * from ${table}`));
    const copyMs = performance.now() - started;
    for (const table of TABLES) await db.execute(sql.raw(`drop table scratch_${table}`));

    const service = createArchiveService(db, { afterCommit: () => undefined, timeZone: 'UTC' });
    const run = await archiveRepository.insertRun(db, {
      cutoffDate,
      cutoffAt,
      requestedBy: 'bench',
      containersToArchive: CONTAINERS,
    });
    started = performance.now();
    await service.runArchive(run.id);
    const archiveMs = performance.now() - started;
    const done = (await archiveRepository.run(db, run.id))!;
    const rows =
      done.containers +
      done.movements +
      done.tasks +
      done.itvTasks +
      done.trailers +
      done.gateTransactions +
      done.deviceLogs;
    console.log(
      JSON.stringify(
        {
          containers: done.containers,
          rows,
          archiveSeconds: Math.round(archiveMs) / 1000,
          containersPerSecond: Math.round(done.containers / (archiveMs / 1000)),
          rowsPerSecond: Math.round(rows / (archiveMs / 1000)),
          baselineCopySeconds: Math.round(copyMs) / 1000,
          ratioToPlainCopy: Math.round((archiveMs / copyMs) * 10) / 10,
        },
        null,
        2,
      ),
    );
  } finally {
    await database.close();
    await created.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, benchArchive);
