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
// BENCH_BATCH_KIND=dispatch measures dispatch files instead: the baseline's and the file's containers
// are gated in first (not timed), then dispatched one by one through the gate service's dispatch
// (baseline) and as a batch dispatch file. BENCH_BATCH_ERP=reference asks the simulator's reference
// ERP (over HTTP, as the demo does) for each dispatched container; else no ERP is configured.
// The last line is one JSON object:
// {"kind","erp","database","rows","rowsPerSec","baselineRowsPerSec","ratio","memMb","seconds"}.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { utf8Bytes, withCheckDigit } from '@openyard/contracts';
import { openDatabase, openPglite } from '@openyard/server/adapters/db';
import { createHttpErp } from '@openyard/server/adapters/erp';
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
const KIND = process.env.BENCH_BATCH_KIND === 'dispatch' ? 'dispatch' : 'gateIn';
const REFERENCE_ERP = process.env.BENCH_BATCH_ERP === 'reference';

let serial = 0;
const nextNumber = () => withCheckDigit(`BNCU${String((serial += 1)).padStart(6, '0')}`);
let tags = 0;
const nextTag = () => String(20_000_000 + (tags += 1));

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
  const referenceErp = REFERENCE_ERP ? await (await import('@openyard/simulator/erp')).startReferenceErp() : null;
  try {
    await seedReferenceData(database.db);
    await seedDemo(database.db, config.yard.yardCenter);
    const pending: Promise<void>[] = [];
    const services = createServices({
      config,
      database,
      listen: false,
      ...(referenceErp ? { erp: createHttpErp({ ...config.erp, url: referenceErp.url }) } : {}),
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

    // A batch file run to its end (queued above BATCH_INLINE_MAX_ROWS rows: the job runs at once).
    const runFile = async (kind: 'gateIn' | 'dispatch', lines: string[]) => {
      const file = { name: 'bench.csv', type: 'text/csv', content: utf8Bytes(lines.join('\n')) };
      const answer = await services.batch[kind]({ file }, principal);
      await Promise.all(pending.splice(0));
      const job = await services.batch.job(answer.job.jobId, principal);
      if (job.status !== 'done' || job.succeeded !== lines.length - 1)
        throw new Error(`the ${kind} file was not run whole: ${JSON.stringify(job)}`);
    };
    const gateInLines = (numbers: string[]) => [
      'Container Number,Tag Id,Container Size,Gate In Purpose,Trailer Number',
      ...numbers.map((containerNumber, row) => `${containerNumber},${nextTag()},20,Import,TR${row}`),
    ];
    const numbers = (count: number) => Array.from({ length: count }, nextNumber);

    // 1. The baseline: the gate service's own call, one transaction a row.
    let baselineSeconds: number;
    if (KIND === 'gateIn') {
      const at = performance.now();
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
      baselineSeconds = (performance.now() - at) / 1000;
    } else {
      const leaving = numbers(BASELINE_ROWS);
      await runFile('gateIn', gateInLines(leaving));
      const at = performance.now();
      for (const [row, containerNumber] of leaving.entries()) {
        const result = await services.gateOperations.dispatch(
          { requestId: `bench-baseline-out-${row}`, containerNumber, dispatchTime: Date.now() },
          principal,
        );
        if (!result.dispatched) throw new Error(`baseline dispatch refused: ${JSON.stringify(result)}`);
      }
      baselineSeconds = (performance.now() - at) / 1000;
    }
    const baselineRowsPerSec = BASELINE_ROWS / baselineSeconds;

    // 2. The file.
    const fileNumbers = numbers(ROWS);
    let lines = gateInLines(fileNumbers);
    if (KIND === 'dispatch') {
      await runFile('gateIn', lines);
      lines = ['Container Number', ...fileNumbers];
    }
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const at = performance.now();
    await runFile(KIND, lines);
    const seconds = (performance.now() - at) / 1000;
    clearInterval(sampler);
    services.close();
    const rowsPerSec = ROWS / seconds;
    const result = {
      kind: KIND,
      erp: referenceErp ? 'reference' : 'none',
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
    await referenceErp?.close();
    await database.close();
    await created?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, benchBatch);
