import {
  DWELL_BUCKETS,
  dwellBucketOf,
  dwellDays,
  isAllOption,
  messages,
  offsetFromOneBasedSkip,
  PAGE_SIZES,
  REPORT_COLUMNS,
  reportDatesProblem,
  reportType,
  shiftYardDay,
  trailerActivityType,
  yardDaysRange,
  type ReportAnswers,
  type ReportColumn,
  type ReportExportQuery,
  type MachineMovementSummaryRow,
  type ReportKey,
  type ReportQuery,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest } from '../../errors';
import { archiveRepository } from '../archive';
import type { Principal } from '../auth';
import type { Cell, ExportsService } from '../exports';
import type { TaskDashboardService } from '../task-dashboard';
import {
  CURSOR_AT,
  CURSOR_ID,
  REPORT_STATEMENTS,
  reportsRepository,
  type DwellDays,
  type ReportCursor,
  type ReportFilter,
  type ReportWindow,
  type RollupReportKey,
} from './reports.repository';
import { yardClock } from './yard-clock';

// Rows an export reads per statement. A report ordered by a time and an id reads each batch after a
// cursor, a statement of a few ms: small batches, which the writer is done with before the heap's
// young generation is, so they are never promoted to the old one (10,000 rows a batch grew the
// server's resident memory by 20 to 30 MB more over an export of 100,000 rows, issue 18). The
// others (few rows: areas, machines, status periods) read by offset, each batch the whole statement
// again: large batches.
const EXPORT_BATCH_KEYED = 1_000;
const EXPORT_BATCH = 10_000;
// Ranges of report 2.4 whose dispatched containers' dwell counts are kept (the newest asked).
const DWELL_RANGES_KEPT = 32;
// An export of "all pages" writes at most this many rows.
const EXPORT_MAX_ROWS = 1_000_000;

export interface ReportsDependencies {
  exports: ExportsService;
  // Report 3.1's figures: the task dashboard's rollup of machine days (one count, one rule).
  taskDashboard: Pick<TaskDashboardService, 'machineDays'>;
  // Resolves once the day counts (the dashboard's and reports.table.ts's) are cut in the yard's zone.
  dayCountsReady: () => Promise<void>;
  // The inventory version (inventory.currentVersion): raised by every statement that changes
  // containers (migration 0003), so what is worked out from containers alone is kept by it.
  inventoryVersion: () => Promise<number>;
  timeZone: string;
  tagLifetimeDays: number;
  // Rows an export reads per statement (EXPORT_BATCH_KEYED or EXPORT_BATCH; a test asks for a few to
  // cross batches).
  exportBatchRows?: number;
}

type Answer<K extends ReportKey> = ReportAnswers[K];

// The reports that list visits, their movements, truck visits and tasks, which an archive run moves
// (docs/archive.md): over a range before a cut-off they read the archived rows too. Their totals
// come from the day counts, which keep the archived rows. 2.1 and 1.3 list containers in the yard
// (never archived); the machine reports read the machines' history, which stays, but 3.2 names the
// task each drop completed, and an archived visit's tasks are in the archive. 2.3 is day counts only.
const ARCHIVED_HISTORY: ReadonlySet<ReportKey> = new Set<ReportKey>([
  'gateIn',
  'gateOut',
  'containerMovements',
  'dwellTime',
  'offloadingLocations',
  'machineMovementsDetailed',
  'trailers',
]);
type Row = Record<string, unknown>;

// The reports of spec 2 §9 (issue 18): the parameters checked and cut in the yard's time zone, one
// statement per report paged in SQL (reports.repository.ts), and its export streamed from the same
// statement batch by batch into the file.
export function createReportsService(db: Database, deps: ReportsDependencies) {
  const { timeZone } = deps;

  async function filterOf(key: ReportKey, query: ReportQuery | ReportExportQuery, loadedOnly: boolean) {
    const type = reportType(key);
    const now = new Date();
    const filter: ReportFilter = {
      from: null,
      to: null,
      fromDay: null,
      toDay: null,
      now,
      processId: isAllOption(query.processId) ? null : query.processId!,
      sizeId: isAllOption(query.sizeId) ? null : query.sizeId!,
      areaId: isAllOption(query.areaId) ? null : query.areaId!,
      linerId: isAllOption(query.liner) ? null : query.liner!,
      machineId: null,
      machineName: null,
      trailerType: isAllOption(query.trailerType) ? null : query.trailerType!.trim(),
      gateInType: isAllOption(query.gateInType) ? null : query.gateInType!.trim(),
      loadedOnly,
      tagLifetimeDays: deps.tagLifetimeDays,
      days: [],
      withArchive: false,
    };
    if (type.dates === 'required' || (type.dates === 'optional' && (query.from || query.to))) {
      const problem = reportDatesProblem(query.from, query.to);
      if (problem) throw badRequest(problem, problem === messages.reportChooseToDate ? 'to' : 'from');
      const range = yardDaysRange(query.from!, query.to!, timeZone);
      filter.from = new Date(range.from);
      filter.to = new Date(range.to + 1);
      filter.fromDay = query.from!;
      filter.toDay = query.to!;
    }
    if (type.filters.includes('machineName')) {
      if (isAllOption(query.machineName)) {
        if (!type.machineAll) throw badRequest(messages.reportChooseMachine, 'machineName');
      } else {
        // A machine nobody has is no machine's history: the reports answer nothing for it.
        const machine = await reportsRepository.machine(db, query.machineName!);
        filter.machineId = machine?.id ?? 0;
        filter.machineName = machine?.name ?? null;
      }
    }
    filter.withArchive = ARCHIVED_HISTORY.has(key) && (await archiveRepository.reachesArchive(db, filter.from));
    if (key === 'machineMovementsSummary') {
      for (let day = query.from!; day <= query.to!; day = shiftYardDay(day, { days: 1 })) filter.days.push(day);
    }
    return filter;
  }

  const isRollupReport = (key: ReportKey): key is RollupReportKey => key === 'machineMovementsSummary';

  // 3.1: the machine's yard days from the task dashboard's rollup (contracts/src/rules/task-dashboard.ts:
  // drops are its moves, productive when they completed a task, else waste, a refused drop
  // included; its completed tasks those it completed, else those assigned to it), every day of the
  // range a row, days with nothing zero.
  async function machineSummaryRows(filter: ReportFilter, { offset, limit }: ReportWindow): Promise<Row[]> {
    const days = filter.days.slice(offset, offset + limit);
    if (!days.length) return [];
    const counted = new Map<string, MachineMovementSummaryRow>(
      days.map((day) => [day, { day, picks: 0, drops: 0, tasksCompleted: 0, productiveMoves: 0, wasteMoves: 0 }]),
    );
    if (filter.machineName !== null)
      for (const row of await deps.taskDashboard.machineDays(days[0]!, days.at(-1)!, filter.machineName)) {
        const day = counted.get(row.day)!;
        day.picks += row.picks;
        day.drops += row.productiveMoves + row.wasteMoves;
        day.tasksCompleted += row.completedTasks;
        day.productiveMoves += row.productiveMoves;
        day.wasteMoves += row.wasteMoves;
      }
    return [...counted.values()];
  }

  // 2.3's rows are day counts (reports.repository.ts), read once the counts are cut in the yard's zone.
  const rowsOf = async (key: ReportKey, filter: ReportFilter, window: ReportWindow): Promise<Row[]> => {
    if (isRollupReport(key)) return machineSummaryRows(filter, window);
    if (key === 'locationStatistics') await deps.dayCountsReady();
    return reportsRepository.rows(db, key, filter, window);
  };

  const isKeyed = (key: ReportKey) => !isRollupReport(key) && REPORT_STATEMENTS[key].keyed;

  const countOf = async (key: ReportKey, filter: ReportFilter): Promise<number> => {
    if (isRollupReport(key)) return filter.days.length;
    await deps.dayCountsReady();
    return reportsRepository.count(db, key, filter);
  };

  // Rows as the contract has them: without their cursor, the trailer report's activity type the
  // contracts' rule.
  function shaped(key: ReportKey, rows: Row[]): Row[] {
    return rows.map((row) => {
      const { [CURSOR_AT]: _at, [CURSOR_ID]: _id, ...answered } = row;
      if (key !== 'trailers') return answered;
      const { activityGroup, ...rest } = answered;
      return { ...rest, activityType: trailerActivityType(activityGroup as string | null) };
    });
  }

  // A column's value of a statement's row as `shaped` answers it, without copying the row (an
  // export makes its cells of 100,000 of them).
  const exportedValue = (key: ReportKey, row: Row, column: string): unknown =>
    key === 'trailers' && column === 'activityType'
      ? trailerActivityType(row.activityGroup as string | null)
      : row[column];

  // 2.4's distribution. What it is worked out from changes only with containers (a gate-in, a
  // dispatch, a void, an edited time: each raises the inventory version), so it is kept by version:
  // the dispatched containers' day counts by range (a year's are tens of thousands of rows, 30 ms a
  // read at scale 1), and the gate-in times of the containers in the yard (one read for every
  // range), whose dwell is counted up to each call (it ages with the clock). docs/reports.md.
  const dispatchedDwell = new Map<string, { version: number; rows: Promise<DwellDays[]> }>();
  let inYard: { version: number; times: Promise<Float64Array> } | null = null;
  async function dwellBuckets(filter: ReportFilter) {
    await deps.dayCountsReady();
    const version = await deps.inventoryVersion();
    const range = `${filter.fromDay ?? ''}|${filter.toDay ?? ''}`;
    let kept = dispatchedDwell.get(range);
    if (kept?.version !== version) {
      const read = { version, rows: reportsRepository.dispatchedDwellDays(db, filter) };
      read.rows.catch(() => dispatchedDwell.get(range) === read && dispatchedDwell.delete(range));
      dispatchedDwell.delete(range);
      dispatchedDwell.set(range, (kept = read));
      if (dispatchedDwell.size > DWELL_RANGES_KEPT) dispatchedDwell.delete(dispatchedDwell.keys().next().value!);
    }
    if (inYard?.version !== version) {
      const read = { version, times: reportsRepository.inYardGateIns(db) };
      read.times.catch(() => {
        if (inYard === read) inYard = null;
      });
      inYard = read;
    }
    const [dispatched, times] = await Promise.all([kept.rows, inYard.times]);
    const counts = DWELL_BUCKETS.map(() => 0);
    for (const row of dispatched) {
      const bucket = dwellBucketOf(Number(row.days));
      if (bucket >= 0) counts[bucket]! += Number(row.n);
    }
    const ranged = filter.from && filter.to;
    const first = ranged ? firstAtOrAfter(times, filter.from!.getTime()) : 0;
    const end = ranged ? firstAtOrAfter(times, filter.to!.getTime()) : times.length;
    const now = filter.now.getTime();
    for (let index = first; index < end; index++) {
      const bucket = dwellBucketOf(dwellDays(times[index]!, now));
      if (bucket >= 0) counts[bucket]! += 1;
    }
    return counts;
  }

  async function report<K extends ReportKey>(key: K, query: ReportQuery, loadedOnly = false): Promise<Answer<K>> {
    const filter = await filterOf(key, query, loadedOnly);
    const paged = reportType(key).paged;
    const offset = paged ? offsetFromOneBasedSkip(query.startIndex) : 0;
    const limit = paged ? (query.pageSize ?? PAGE_SIZES.reports) : filter.days.length || 1000;
    const [rows, totalCount, buckets] = await Promise.all([
      rowsOf(key, filter, { offset, limit }),
      countOf(key, filter),
      key === 'dwellTime' ? dwellBuckets(filter) : Promise.resolve(null),
    ]);
    const answer = { entities: shaped(key, rows), totalCount };
    if (buckets)
      Object.assign(answer, {
        buckets: DWELL_BUCKETS.map((bucket, index) => ({ ...bucket, count: buckets[index]! })),
      });
    return answer as unknown as Answer<K>;
  }

  // A time as the yard's clock shows it (the export is read by people, in the yard's zone).
  const yardTime = yardClock(timeZone);

  function cell(column: ReportColumn, value: unknown): Cell {
    if (value === null || value === undefined) return null;
    switch (column.format) {
      case 'time':
        return yardTime(Number(value));
      case 'number':
        return Number(value);
      case 'boolean':
        return value ? 'Yes' : 'No';
      case 'list':
        return (value as string[]).join(', ');
      case 'text':
        return typeof value === 'string' ? value : JSON.stringify(value);
    }
  }

  async function exportReport(key: ReportKey, query: ReportExportQuery, principal: Principal, loadedOnly = false) {
    const filter = await filterOf(key, query, loadedOnly);
    const type = reportType(key);
    const columns = REPORT_COLUMNS[key];
    const start = type.paged ? offsetFromOneBasedSkip(query.startIndex) : 0;
    const wanted = type.paged ? Math.min(query.pageSize ?? PAGE_SIZES.reports, EXPORT_MAX_ROWS) : EXPORT_MAX_ROWS;
    // The first batch from the export's first row; the next ones, for a report ordered by a time and
    // an id, after the last row written (a keyset cursor: no batch rescans the rows before it, and
    // no row is written twice or skipped when rows before it come or go during the export).
    const keyed = isKeyed(key);
    const exportBatch = deps.exportBatchRows ?? (keyed ? EXPORT_BATCH_KEYED : EXPORT_BATCH);
    async function* batches() {
      let after: ReportCursor | null = null;
      for (let read = 0; read < wanted;) {
        const size = Math.min(exportBatch, wanted - read);
        const window: ReportWindow = after ? { offset: 0, limit: size, after } : { offset: start + read, limit: size };
        const rows = await rowsOf(key, filter, window);
        const last = rows.at(-1);
        if (keyed && last) after = { at: String(last[CURSOR_AT]), id: String(last[CURSOR_ID]) };
        yield rows.map((row) => columns.map((column) => cell(column, exportedValue(key, row, column.key))));
        read += rows.length;
        if (rows.length < size) return;
      }
    }
    const name = loadedOnly ? 'loaded-trailer' : type.path;
    const filePath = await deps.exports.writeWorkbookStream(principal.userId, `${name}-report`, {
      sheet: `${type.id} ${type.name}`,
      columns: columns.map((column) => ({ header: column.header, key: column.key, width: column.width })),
      batches: batches(),
      format: query.format,
    });
    return { filePath };
  }

  return { report, exportReport };
}

export type ReportsService = ReturnType<typeof createReportsService>;

// The index of the first of ascending times at or after a time (times.length: none).
function firstAtOrAfter(times: Float64Array, time: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (times[middle]! < time) low = middle + 1;
    else high = middle;
  }
  return low;
}
