import {
  DWELL_BUCKETS,
  formatMinuteOfDay,
  isAllOption,
  messages,
  offsetFromOneBasedSkip,
  PAGE_SIZES,
  REPORT_COLUMNS,
  reportDatesProblem,
  reportType,
  shiftYardDay,
  trailerActivityType,
  yardDayOf,
  yardDayStart,
  yardDaysRange,
  yardMinuteOfDay,
  type ReportAnswers,
  type ReportColumn,
  type ReportExportQuery,
  type ReportKey,
  type ReportQuery,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest } from '../../errors';
import type { Principal } from '../auth';
import type { Cell, ExportsService } from '../exports';
import { reportsRepository, type ReportFilter } from './reports.repository';

// Rows an export reads per statement: large enough that the statements cost little beside writing
// the rows, small enough that a batch is a few MB.
const EXPORT_BATCH = 10_000;
const QUARTER_MS = 15 * 60_000;
// An export of "all pages" writes at most this many rows.
const EXPORT_MAX_ROWS = 1_000_000;

export interface ReportsDependencies {
  exports: ExportsService;
  timeZone: string;
  tagLifetimeDays: number;
}

type Answer<K extends ReportKey> = ReportAnswers[K];
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
      now,
      processId: isAllOption(query.processId) ? null : query.processId!,
      sizeId: isAllOption(query.sizeId) ? null : query.sizeId!,
      areaId: isAllOption(query.areaId) ? null : query.areaId!,
      linerId: isAllOption(query.liner) ? null : query.liner!,
      machineId: null,
      trailerType: isAllOption(query.trailerType) ? null : query.trailerType!.trim(),
      gateInType: isAllOption(query.gateInType) ? null : query.gateInType!.trim(),
      loadedOnly,
      tagLifetimeDays: deps.tagLifetimeDays,
      days: [],
    };
    if (type.dates === 'required' || (type.dates === 'optional' && (query.from || query.to))) {
      const problem = reportDatesProblem(query.from, query.to);
      if (problem) throw badRequest(problem, problem === messages.reportChooseToDate ? 'to' : 'from');
      const range = yardDaysRange(query.from!, query.to!, timeZone);
      filter.from = new Date(range.from);
      filter.to = new Date(range.to + 1);
    }
    if (type.filters.includes('machineName')) {
      if (isAllOption(query.machineName)) {
        if (!type.machineAll) throw badRequest(messages.reportChooseMachine, 'machineName');
      } else {
        // A machine nobody has is no machine's history: the reports answer nothing for it.
        filter.machineId = (await reportsRepository.machineId(db, query.machineName!)) ?? 0;
      }
    }
    if (key === 'machineMovementsSummary') {
      for (let day = query.from!; day <= query.to!; day = shiftYardDay(day, { days: 1 }))
        filter.days.push({
          day,
          start: new Date(yardDayStart(day, timeZone)),
          end: new Date(yardDayStart(shiftYardDay(day, { days: 1 }), timeZone)),
        });
    }
    return filter;
  }

  // Rows as the contract has them (the trailer report's activity type is the contracts' rule).
  function shaped(key: ReportKey, rows: Row[]): Row[] {
    if (key !== 'trailers') return rows;
    return rows.map(({ activityGroup, ...row }) => ({
      ...row,
      activityType: trailerActivityType(activityGroup as string | null),
    }));
  }

  async function report<K extends ReportKey>(key: K, query: ReportQuery, loadedOnly = false): Promise<Answer<K>> {
    const filter = await filterOf(key, query, loadedOnly);
    const paged = reportType(key).paged;
    const offset = paged ? offsetFromOneBasedSkip(query.startIndex) : 0;
    const limit = paged ? (query.pageSize ?? PAGE_SIZES.reports) : filter.days.length || 1000;
    const [rows, totalCount, buckets] = await Promise.all([
      reportsRepository.rows(db, key, filter, offset, limit),
      reportsRepository.count(db, key, filter),
      key === 'dwellTime' ? reportsRepository.dwellBuckets(db, filter) : Promise.resolve(null),
    ]);
    const answer = { entities: shaped(key, rows), totalCount };
    if (buckets)
      Object.assign(answer, {
        buckets: DWELL_BUCKETS.map((bucket, index) => ({ ...bucket, count: buckets[index]! })),
      });
    return answer as unknown as Answer<K>;
  }

  // A time as the yard's clock shows it (the export is read by people, in the yard's zone). Every
  // zone's offset is a whole number of quarter hours and changes only on a quarter hour, so the clock
  // at the start of a UTC quarter hour plus the minutes into it is exact: the zone is asked once per
  // quarter hour instead of once per cell (the Intl call was most of an export's time).
  const quarters = new Map<number, { day: string; minute: number }>();
  function yardTime(epochMs: number) {
    const quarter = Math.floor(epochMs / QUARTER_MS);
    let start = quarters.get(quarter);
    if (!start) {
      if (quarters.size > 10_000) quarters.clear();
      start = {
        day: yardDayOf(quarter * QUARTER_MS, timeZone),
        minute: yardMinuteOfDay(quarter * QUARTER_MS, timeZone),
      };
      quarters.set(quarter, start);
    }
    return `${start.day} ${formatMinuteOfDay(start.minute + Math.floor((epochMs - quarter * QUARTER_MS) / 60_000))}`;
  }

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
    async function* batches() {
      for (let read = 0; read < wanted;) {
        const size = Math.min(EXPORT_BATCH, wanted - read);
        const rows = shaped(key, await reportsRepository.rows(db, key, filter, start + read, size));
        yield rows.map((row) => columns.map((column) => cell(column, row[column.key])));
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
