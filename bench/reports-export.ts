// `npm run bench:reports-export` (the reports' part of issue 18): a streamed export of BENCH_EXPORT_ROWS
// (100,000) rows and the first page of every report, in this process (no HTTP: the figures are the
// statement's and the writer's, not the network's), on PostgreSQL or, with BENCH_DATABASE=pglite, on
// embedded PGlite (on disk, as the embedded topology runs it).
//
//   1. A new database with the demo yard; BENCH_DAYS (30) days of history seeded in SQL:
//      BENCH_EXPORT_ROWS container movements (source machine, manual, gate), a container per ten
//      moves, a truck visit per container, machine events and status changes for 20 machines.
//   2. The baselines, in the same run, of the container-movement report over the whole range:
//      `read`, its batches read and turned into cells as the export does, nothing written; `write`,
//      those cells written by the export's writer with no database in between. Then the export
//      itself (xlsx), while the process's resident memory is sampled every 20 ms: rows per second
//      and the growth of the resident set over the export (`exportVsRead` is its rate over the
//      read's). The export reads 10,000 rows a statement, each batch after the first from a
//      (time, id) cursor.
//   3. The same export from one statement (one batch, no cursor, the whole result in memory):
//      `exportVsOneStatement`.
//   4. A deep page of the report (BENCH_DEEP_PAGE, the last page of 100 rows) against its first:
//      what an offset costs the list.
//   5. Each report's first page BENCH_PAGE_RUNS (30) times one after another: the p99 of each.
// The last line is one JSON object with these figures and the load average before and after.
// Load at 50 requests a second over HTTP with two years of history is `npm run bench:reports`.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { REPORT_TYPES, shiftYardDay, yardDayOf, type ReportQuery } from '@openyard/contracts';
import { openDatabase } from '@openyard/server/adapters/db';
import { loadConfig } from '@openyard/server/config';
import { seedDemo, seedReferenceData } from '@openyard/server/db/seed/seed';
import type { Principal } from '@openyard/server/modules/auth';
import type { Cell, ExportsService, StreamedWorkbook } from '@openyard/server/modules/exports';
import { createReportsService } from '@openyard/server/modules/reports';
import { createServices } from '@openyard/server/services';
import { runIfMain } from './lib/main';
import { createDatabase } from './lib/services';
import { percentiles, round } from '../loadtest/node/stats';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const ROWS = number('BENCH_EXPORT_ROWS', 100_000);
const DAYS = number('BENCH_DAYS', 30);
const PAGE_RUNS = number('BENCH_PAGE_RUNS', 30);
const DEEP_PAGE = process.env.BENCH_DEEP_PAGE ? number('BENCH_DEEP_PAGE', 1) : null;
const TIME_ZONE = 'Asia/Kolkata';

function seedSql(containers: number) {
  return [
    `insert into containers (id, container_number, size_id, gate_in_at, dispatched_at)
     select 100000 + g, 'BNCU' || lpad(g::text, 7, '0'), (select min(id) from container_sizes),
       now() - interval '${DAYS} days' + g * interval '${(DAYS * 86400) / containers} seconds',
       case when g % 3 = 0 then now() - interval '${DAYS} days' + g * interval '${(DAYS * 86400) / containers} seconds' + interval '5 days' end
     from generate_series(1, ${containers}) g`,
    `insert into container_movements (container_id, container_number, from_location, to_location, to_area_id,
       to_row_index, to_column_index, to_tier, source, moved_by, device, moved_at)
     select 100000 + 1 + (g % ${containers}), 'BNCU' || lpad((1 + g % ${containers})::text, 7, '0'), 'A_1_1_1', 'B_1_1_1',
       (select min(id) from yard_areas), 1, 1, 1, (array['machine', 'manual', 'gate'])[1 + g % 3], 'bench', 'M' || (g % 20),
       now() - interval '${DAYS} days' + g * interval '${(DAYS * 86400) / ROWS} seconds'
     from generate_series(1, ${ROWS}) g`,
    `insert into trailers (trailer_number, type, activity_group, container_numbers, entry_at)
     select 'TR' || g, 'Import', (array['CONTAINER GATE-IN', 'VEHICLE GATE-IN'])[1 + g % 2], '{}',
       now() - interval '${DAYS} days' + g * interval '${(DAYS * 86400) / containers} seconds'
     from generate_series(1, ${containers}) g`,
    `insert into machines (id, machine_name, machine_type, secret_hash)
     select 1000 + g, 'M' || g, 'Reach-Stacker', 'x' from generate_series(0, 19) g`,
    `insert into machine_events (machine_id, kind, message_id, occurred_at)
     select 1000 + g % 20, (array['pick', 'drop'])[1 + g % 2], 'b' || g,
       now() - interval '${DAYS} days' + g * interval '${(DAYS * 86400) / ROWS} seconds'
     from generate_series(1, ${ROWS}) g`,
    `insert into machine_status_changes (machine_id, status, changed_at)
     select 1000 + g % 20, (array['Working', 'Break-Down', 'Idle'])[1 + g % 3],
       now() - interval '${DAYS} days' + g * interval '1 hour'
     from generate_series(1, ${DAYS * 24}) g`,
  ];
}

// Figures of one pass over the rows: rows a second, and the resident set's peak growth over it.
async function timed(rows: number, run: () => Promise<unknown>) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    await run();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    rowsPerSec: Math.round(rows / seconds),
    seconds: round(seconds, 2),
    memMb: round((peak - before) / 1_048_576, 1),
  };
}

const loadAverage = () => loadavg().map((value) => round(value, 2));

export async function benchReports() {
  const loadBefore = loadAverage();
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-bench-reports-'));
  const embedded = process.env.BENCH_DATABASE === 'pglite';
  const created = embedded ? null : await createDatabase();
  const config = loadConfig({ ...(created ? { DATABASE_URL: created.url } : {}), DATA_DIR: dataDir, TIME_ZONE });
  const database = await openDatabase(config);
  try {
    const seedStarted = performance.now();
    await seedReferenceData(database.db);
    await seedDemo(database.db, config.yard.yardCenter);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const statement of seedSql(Math.ceil(ROWS / 10))) await tx.execute(sql.raw(statement));
    });
    await database.db.execute(sql`analyze`);
    const seedSeconds = round((performance.now() - seedStarted) / 1000, 1);
    const services = createServices({ config, database, listen: false });
    const principal = { userId: 1 } as Principal;
    const today = yardDayOf(Date.now(), TIME_ZONE);
    const range = { from: shiftYardDay(today, { days: -DAYS - 1 }), to: today };
    const exportQuery = { ...range, startIndex: 1, pageSize: ROWS };
    const reportsWith = (exports: Pick<ExportsService, 'writeWorkbookStream'>, exportBatchRows?: number) =>
      createReportsService(database.db, {
        exports: exports as ExportsService,
        taskDashboard: services.taskDashboard,
        dayCountsReady: services.dashboard.ready,
        inventoryVersion: services.inventory.currentVersion,
        timeZone: TIME_ZONE,
        tagLifetimeDays: config.gate.tagLifetimeDays,
        ...(exportBatchRows ? { exportBatchRows } : {}),
      });

    // Baseline 1: the export's batches read and made cells, kept for the writer's baseline.
    let kept: StreamedWorkbook | null = null;
    const cells: Cell[][][] = [];
    const reading = reportsWith({
      async writeWorkbookStream(_owner, _name, workbook) {
        kept = workbook;
        for await (const batch of workbook.batches) cells.push(batch);
        return '';
      },
    });
    const read = await timed(ROWS, () => reading.exportReport('containerMovements', exportQuery, principal));
    const readRows = cells.reduce((sum, batch) => sum + batch.length, 0);
    if (readRows !== ROWS) throw new Error(`the report read ${readRows} rows, not ${ROWS}`);

    // Baseline 2: the writer alone, on those cells.
    const write = await timed(ROWS, async () => {
      const { batches: _batches, ...shape } = kept!;
      await services.exports.writeWorkbookStream(1, 'bench-writer', {
        ...shape,
        batches: (async function* () {
          yield* cells;
        })(),
      });
    });
    cells.length = 0;

    // The export.
    const exported = await timed(ROWS, () =>
      services.reports.exportReport('containerMovements', exportQuery, principal),
    );

    // The same export from one statement.
    const oneStatement = await timed(ROWS, () =>
      reportsWith(services.exports, ROWS).exportReport('containerMovements', exportQuery, principal),
    );

    // A deep page of the list against its first.
    const pageSize = 100;
    const deepIndex = DEEP_PAGE ?? Math.floor((ROWS - 1) / pageSize) * pageSize + 1;
    const pageTimes = async (startIndex: number) => {
      const times: number[] = [];
      for (let run = 0; run < PAGE_RUNS; run += 1) {
        const at = performance.now();
        await services.reports.report('containerMovements', { ...range, startIndex, pageSize });
        times.push(performance.now() - at);
      }
      return round(percentiles(times).p50, 1);
    };
    const firstPageP50Ms = await pageTimes(1);
    const deepPageP50Ms = await pageTimes(deepIndex);

    // Each report's first page.
    const figures: Record<string, number | null> = {};
    for (const type of REPORT_TYPES) {
      const query: ReportQuery = {
        ...(type.dates === 'none' ? {} : range),
        ...(type.filters.includes('machineName') ? { machineName: type.machineAll ? 'All' : 'M1' } : {}),
      };
      if (type.key === 'machineMovementsSummary') Object.assign(query, { from: shiftYardDay(today, { days: -6 }) });
      const times: number[] = [];
      for (let run = 0; run < PAGE_RUNS; run += 1) {
        const at = performance.now();
        await services.reports.report(type.key, query);
        times.push(performance.now() - at);
      }
      figures[`${type.id} ${type.path}`] = round(percentiles(times).p99, 1);
    }
    services.close();
    const result = {
      database: database.kind,
      exportRows: ROWS,
      seedSeconds,
      exportRowsPerSec: exported.rowsPerSec,
      exportMemMb: exported.memMb,
      readRowsPerSec: read.rowsPerSec,
      writeRowsPerSec: write.rowsPerSec,
      writeMemMb: write.memMb,
      exportVsRead: round(exported.rowsPerSec / read.rowsPerSec, 2),
      oneStatementRowsPerSec: oneStatement.rowsPerSec,
      exportVsOneStatement: round(exported.rowsPerSec / oneStatement.rowsPerSec, 2),
      deepPage: { startIndex: deepIndex, pageSize, firstPageP50Ms, deepPageP50Ms },
      reportsP99Ms: Math.max(...Object.values(figures).map((value) => value ?? Infinity)),
      reports: figures,
      loadAverage: { before: loadBefore, after: loadAverage() },
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await database.close();
    await created?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, benchReports);
