// `npm run bench:batch` (issue 20): a valid batch gate-in file of BENCH_BATCH_ROWS (10,000) rows on
// embedded PGlite (the default run), in this process (no HTTP: the figures are the batch's and the
// gate service's, not the upload's).
//
//   1. Baseline: BENCH_BATCH_BASELINE_ROWS (300) gate-ins one after another through the gate
//      service's own call (gateIn: one transaction each), as a batch that called the gate screen's
//      service row by row would: rows per second.
//   2. The file: BENCH_BATCH_ROWS rows as a csv through the batch service (checked whole, queued,
//      run chunk by chunk), with the process's resident memory sampled every 20 ms: rows per second,
//      the ratio to the baseline, and the growth of the resident set.
// BENCH_DATABASE=postgres runs both on a new PostgreSQL database instead.
// The last line is one JSON object: {"rows","rowsPerSec","baselineRowsPerSec","ratio","memMb","seconds"}.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { utf8Bytes, withCheckDigit } from '@openyard/contracts';
import { openDatabase, openPglite } from '@openyard/server/adapters/db';
import { loadConfig } from '@openyard/server/config';
import { users } from '@openyard/server/db/schema';
import { seedDemo, seedReferenceData } from '@openyard/server/db/seed/seed';
import type { Principal } from '@openyard/server/modules/auth';
import { createServices } from '@openyard/server/services';
import { runIfMain } from './lib/main';
import { createDatabase } from './lib/services';
import { round } from '../loadtest/node/stats';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const ROWS = number('BENCH_BATCH_ROWS', 10_000);
const BASELINE_ROWS = number('BENCH_BATCH_BASELINE_ROWS', 300);

let serial = 0;
const nextNumber = () => withCheckDigit(`BNCU${String((serial += 1)).padStart(6, '0')}`);
const nextTag = () => String(20_000_000 + serial);

export async function benchBatch() {
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-bench-batch-'));
  const postgres = process.env.BENCH_DATABASE === 'postgres';
  const created = postgres ? await createDatabase() : null;
  // Planning off: the gate-in's default task to an engine-suggested slot is the planning bench's.
  const config = loadConfig({
    DATA_DIR: dataDir,
    FEATURE_PLANNING: 'false',
    ...(created ? { DATABASE_URL: created.url } : {}),
  });
  const database = created ? await openDatabase(config) : await openPglite('memory://');
  try {
    await seedReferenceData(database.db);
    await seedDemo(database.db, config.yard.yardCenter);
    const pending: Promise<void>[] = [];
    const services = createServices({
      config,
      database,
      listen: false,
      // The in-process queue's part: the job runs at once, in this process.
      jobs: {
        addBulk: async (jobs) => {
          for (const job of jobs) pending.push(services.batch.runJob((job.data as { jobId: string }).jobId));
        },
      },
    });
    const [user] = await database.db.select().from(users).where(eq(users.username, 'superadmin'));
    const principal = {
      userId: user!.id,
      username: 'superadmin',
      roleId: user!.roleId,
      role: 'superadmin',
      systemRole: 'superadmin',
      landingPage: '/main',
      permissions: {},
      sessionId: 'bench',
      lastAccess: null,
    } as unknown as Principal;

    // 1. The baseline: the gate service's own gate-in, one transaction a row.
    let at = performance.now();
    for (let row = 0; row < BASELINE_ROWS; row += 1)
      await services.gateOperations.gateIn(
        {
          requestId: `bench-baseline-${row}`,
          mode: 'single',
          container1Data: {
            containerNumber: nextNumber(),
            tagId: nextTag(),
            containerSize: '20',
            gateInPurpose: 'Import',
          },
          trailerNumber: `MH${row}`,
        },
        principal,
      );
    const baselineRowsPerSec = BASELINE_ROWS / ((performance.now() - at) / 1000);

    // 2. The file.
    const lines = ['Container Number,Tag Id,Container Size,Gate In Purpose,Trailer Number'];
    for (let row = 0; row < ROWS; row += 1) lines.push(`${nextNumber()},${nextTag()},20,Import,TR${row}`);
    const file = { name: 'bench.csv', type: 'text/csv', content: utf8Bytes(lines.join('\n')) };
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    at = performance.now();
    const answer = await services.batch.gateIn({ file }, principal);
    await Promise.all(pending);
    const seconds = (performance.now() - at) / 1000;
    clearInterval(sampler);
    const job = await services.batch.job(answer.job.jobId, principal);
    if (job.status !== 'done' || job.succeeded !== ROWS)
      throw new Error(`the file was not gated in whole: ${JSON.stringify(job)}`);
    services.close();
    const rowsPerSec = ROWS / seconds;
    const result = {
      database: postgres ? 'postgres' : 'pglite',
      rows: ROWS,
      rowsPerSec: Math.round(rowsPerSec),
      baselineRowsPerSec: Math.round(baselineRowsPerSec),
      ratio: round(rowsPerSec / baselineRowsPerSec, 2),
      memMb: round((peak - before) / 1_048_576, 1),
      seconds: round(seconds, 1),
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await database.close();
    await created?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, benchBatch);
