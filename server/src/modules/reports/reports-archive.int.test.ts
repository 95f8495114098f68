import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveCutoffLatest,
  REPORT_COLUMNS,
  shiftYardDay,
  yardDayOf,
  yardDayStart,
  type ReportKey,
  type ReportQuery,
} from '@openyard/contracts';
import { rowsOf } from '../../db/bulk-insert';
import { seedArchiveHistory } from '../../test/archive-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Principal } from '../auth';
import { archiveRepository } from '../archive';
import { createReportsService, type ReportsService } from './reports.service';

// The reports over a range an archive run reached (docs/archive.md, "Reports and dashboards"): the
// rows of every listing report and its total are what they were before the run, in the same order,
// page by page and in an export read in batches by a keyset cursor; a range after the cut-off keeps
// reading the current tables alone.

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
// An export service reading 7 rows per statement, so that an export crosses many batches.
let batched: ReportsService;
const ARCHIVED = 24;
const CURRENT = 6;

type Row = Record<string, unknown>;
// Each listing report that an archive run reaches, with the time its rows are ordered by.
const LISTED: [ReportKey, string][] = [
  ['gateIn', 'gateInAt'],
  ['gateOut', 'dispatchedAt'],
  ['containerMovements', 'movedAt'],
  ['dwellTime', 'gateInAt'],
  ['offloadingLocations', 'gateInAt'],
  ['machineMovementsDetailed', 'occurredAt'],
  ['trailers', 'entryAt'],
];
const today = () => yardDayOf(Date.now(), t.config.yard.timeZone);
const range = (): ReportQuery => ({ from: shiftYardDay(today(), { days: -120 }), to: today() });

// Every page of 15 of a report, and its total.
async function allPages(key: ReportKey, query: ReportQuery) {
  const call = superadmin.api.reports[key as 'gateIn'] as (input: {
    query: ReportQuery;
  }) => Promise<{ entities: Row[]; totalCount: number }>;
  const rows: Row[] = [];
  let totalCount = 0;
  for (let startIndex = 1; ; startIndex += 15) {
    const page = await call({ query: { ...query, startIndex, pageSize: 15 } });
    totalCount = page.totalCount;
    rows.push(...page.entities);
    if (page.entities.length < 15) break;
  }
  return { rows, totalCount };
}

// The fields of one csv line (quoted fields may hold commas and doubled quotes).
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (quoted && char === '"' && line[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  return [...fields, field];
}

// A report exported as csv through the batched service: the values of one column, row by row.
async function exported(key: ReportKey, query: ReportQuery, column: string): Promise<string[]> {
  const principal = { userId: superadmin.userId } as Principal;
  const { filePath } = await batched.exportReport(
    key,
    { ...query, startIndex: 1, pageSize: 100_000, format: 'csv' },
    principal,
  );
  const [, , , token, fileName] = filePath.split('/');
  const text = new TextDecoder()
    .decode(await superadmin.api.exports.download({ params: { token: token!, fileName: fileName! } }))
    .replace(/^\uFEFF/, '');
  const index = REPORT_COLUMNS[key].findIndex((c) => c.key === column);
  expect(index, column).toBeGreaterThanOrEqual(0);
  return text
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => csvFields(line)[index]!);
}

// What each listing report answers over the range: its rows (all pages), total, and export.
async function snapshot() {
  const out: Record<string, { rows: Row[]; totalCount: number; exported: string[] }> = {};
  for (const [key, time] of LISTED) {
    const { rows, totalCount } = await allPages(key, range());
    const number = key === 'trailers' ? 'trailerNumber' : 'containerNumber';
    // Rows and total agree, and the rows come in the order of their time (then id).
    expect(rows.length, key).toBe(totalCount);
    const times = rows.map((row) => Number(row[time]));
    expect(times, key).toEqual([...times].sort((a, b) => a - b));
    // The export, read 7 rows a statement after the first by its cursor, writes the same rows in
    // the same order.
    const written = await exported(key, range(), number);
    expect(written, key).toEqual(rows.map((row) => (row[number] as string | null) ?? ''));
    out[key] = { rows, totalCount, exported: written };
  }
  const stats = await superadmin.api.reports.locationStatistics({ query: { ...range(), pageSize: 100 } });
  out.locationStatistics = { rows: stats.entities, totalCount: stats.totalCount, exported: [] };
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  batched = createReportsService(t.db, {
    exports: t.services.exports,
    taskDashboard: t.services.taskDashboard,
    dayCountsReady: t.services.dashboard.ready,
    inventoryVersion: t.services.inventory.currentVersion,
    timeZone: t.config.yard.timeZone,
    tagLifetimeDays: t.config.gate.tagLifetimeDays,
    exportBatchRows: 7,
  });
  // Visits dispatched 70 to 94 days ago (archived by a run at the latest cut-off), and 5 to 11 days
  // ago (current).
  await seedArchiveHistory(t.db, 'ARCU', ARCHIVED, 70);
  await seedArchiveHistory(t.db, 'RECU', CURRENT, 5);
  // Each visit's task completed by a machine's drop (report 3.2 names the task of each drop): the
  // archived visits' tasks go to the archive, their drops stay with the machine's history.
  await t.db.execute(
    sql`insert into machines (machine_name, machine_type, secret_hash) values ('RS-09', 'Reach-Stacker', 'x')`,
  );
  await t.db.execute(sql`insert into machine_events (machine_id, kind, container_number, message_id, occurred_at)
    select (select id from machines where machine_name = 'RS-09'), 'drop', container_number, 'drop-' || id, completed_at
    from tasks where completed_at is not null`);
  await t.db.execute(sql`update tasks t set completed_by_event_id = e.id, completed_by_machine = 'RS-09'
    from machine_events e where e.message_id = 'drop-' || t.id`);
}, 120_000);
afterAll(() => t?.close());

describe('the reports over an archived period', () => {
  it('list the archived rows with the current ones, in order, as before the run, and agree with their totals', async () => {
    expect(await archiveRepository.reachesArchive(t.db, null)).toBe(false);
    const before = await snapshot();
    expect(before.gateIn!.totalCount).toBeGreaterThanOrEqual(ARCHIVED + CURRENT);

    const cutoffDate = archiveCutoffLatest(today());
    const answer = await superadmin.api.archive.run({ query: { cutoffDate, user: 'superadmin' } });
    expect(answer).toMatchObject({ status: 'success', totalContainersArchived: ARCHIVED });
    const [archived] = rowsOf<{ containers: number; movements: number; trailers: number }>(
      await t.db.execute(sql`select (select count(*) from archive.containers)::int as containers,
        (select count(*) from archive.container_movements)::int as movements,
        (select count(*) from archive.trailers)::int as trailers`),
    );
    expect(archived).toEqual({ containers: ARCHIVED, movements: ARCHIVED * 3, trailers: ARCHIVED });

    const after = await snapshot();
    expect(after).toEqual(before);
    // Archived visits and current ones in one answer.
    const numbers = after.gateIn!.rows.map((row) => String(row.containerNumber));
    expect(numbers.filter((n) => n.startsWith('ARCU'))).toHaveLength(ARCHIVED);
    expect(numbers.filter((n) => n.startsWith('RECU'))).toHaveLength(CURRENT);
    // Every drop names the task it completed, the archived visits' tasks too.
    const drops = after.machineMovementsDetailed!.rows;
    expect(drops).toHaveLength(ARCHIVED + CURRENT);
    expect(drops.filter((row) => row.taskId === null)).toEqual([]);
    expect(drops.map((row) => row.taskType)).toEqual(drops.map(() => 'Offloading'));

    // A range from the cut-off on reaches no archived row: the current tables alone are read.
    const cutoffAt = new Date(yardDayStart(cutoffDate, t.config.yard.timeZone));
    expect(await archiveRepository.reachesArchive(t.db, cutoffAt)).toBe(false);
    expect(await archiveRepository.reachesArchive(t.db, new Date(cutoffAt.getTime() - 1))).toBe(true);
    expect(await archiveRepository.reachesArchive(t.db, null)).toBe(true);
    const recent = await allPages('gateIn', { from: cutoffDate, to: today() });
    expect(recent.rows.map((row) => String(row.containerNumber)).filter((n) => n.startsWith('ARCU'))).toEqual([]);
    expect(recent.rows.length).toBe(recent.totalCount);
  }, 120_000);

  it('are planned for their range on every call over the archive views (never the plan cache’s generic plan)', async () => {
    // Runs after the archive run above: the range reaches archived visits.
    const query = { ...range(), startIndex: 1, pageSize: 15 };
    for (let call = 0; call < 8; call += 1) await superadmin.api.reports.gateIn({ query });
    // PGlite keeps each statement prepared (pglite-prepared.ts), so the plan cache's choice shows in
    // pg_prepared_statements; on PostgreSQL the reports' statements are unnamed, planned each time.
    if (t.databaseKind !== 'pglite') return;
    const [plans] = rowsOf<{ statements: number; generic: number; custom: number }>(
      await t.db.execute(sql`select count(*)::int as statements, coalesce(sum(generic_plans), 0)::int as generic,
        coalesce(sum(custom_plans), 0)::int as custom
        from pg_prepared_statements
        where statement like '%containers_with_archive%' and statement not like '%pg_prepared_statements%'`),
    );
    expect(plans!.statements).toBeGreaterThan(0);
    expect(plans!.custom).toBeGreaterThanOrEqual(8);
    expect(plans!.generic).toBe(0);
  });
});
