import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveCutoffLatest, yardDayOf, yardDayStart, type ContainersQuery } from '@openyard/contracts';
import { rowsOf } from '../../db/bulk-insert';
import { seedArchiveHistory } from '../../test/archive-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { archiveRepository, createArchiveService } from '../archive';

// The containers list over a range an archive run reached (docs/archive.md): every visit (the All
// tab) lists the archived visits with the current ones, counted, ordered and paged as one list, as
// before the run, and at every batch of a run on the way (a visit is listed once, wherever it is).

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
const ARCHIVED = 24;
const CURRENT = 6;
const IN_YARD = 3;
// A page size that puts page boundaries inside the current visits, across the two, and inside the
// archived ones.
const PAGE = 7;
const DAY_MS = 86_400_000;

const today = () => yardDayOf(Date.now(), t.config.yard.timeZone);
const cutoffDate = () => archiveCutoffLatest(today());
const cutoffAt = () => yardDayStart(cutoffDate(), t.config.yard.timeZone);

type Listed = { ids: number[]; numbers: string[]; totalCount: number };

// Every page of a list, and its total (the same on every page).
async function allPages(tab: 'all' | 'inYard', query: ContainersQuery): Promise<Listed> {
  const listed: Listed = { ids: [], numbers: [], totalCount: -1 };
  for (let offset = 0; ; offset += PAGE) {
    const page = await superadmin.api.containers[tab]({ query: { ...query, skip: offset + 1, limit: PAGE } });
    if (listed.totalCount !== -1) expect(page.totalCount).toBe(listed.totalCount);
    listed.totalCount = page.totalCount;
    listed.ids.push(...page.entities.map((container) => container.id));
    listed.numbers.push(...page.entities.map((container) => container.containerNumber));
    if (page.entities.length < PAGE) return listed;
  }
}

// The lists asked: the default order (newest gate-in first), sorted by a column both ways, a search,
// a date range reaching back before the cut-off and one from the cut-off on, and the Yard tab.
const LISTS: [string, 'all' | 'inYard', () => ContainersQuery][] = [
  ['newest first', 'all', () => ({})],
  ['by number', 'all', () => ({ sortBy: 'containerNumber' })],
  ['by gate-in, oldest first', 'all', () => ({ sortBy: 'addeddate', sortOrder: 'asc' })],
  ['by dispatch, descending', 'all', () => ({ sortBy: 'dispatched', sortOrder: 'desc' })],
  ['a search', 'all', () => ({ searchText: 'CU00000' })],
  ['a range before the cut-off', 'all', () => ({ fromDate: Date.now() - 200 * DAY_MS, toDate: Date.now() })],
  ['a range from the cut-off on', 'all', () => ({ fromDate: cutoffAt(), toDate: Date.now() })],
  ['the yard', 'inYard', () => ({})],
];

async function snapshot() {
  const out: Record<string, Listed> = {};
  for (const [name, tab, query] of LISTS) {
    const listed = await allPages(tab, query());
    // The pages hold every row of the total, each once.
    expect(listed.ids.length, name).toBe(listed.totalCount);
    expect(new Set(listed.ids).size, name).toBe(listed.ids.length);
    out[name] = listed;
  }
  return out;
}

const archivedCount = async () =>
  rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from archive.containers`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  // Visits dispatched 70 to 94 days ago (archived by a run at the latest cut-off), 5 to 11 days ago
  // (current), and a few in the yard.
  await seedArchiveHistory(t.db, 'ARCU', ARCHIVED, 70);
  await seedArchiveHistory(t.db, 'RECU', CURRENT, 5);
  await t.db.execute(sql`insert into containers (container_number, size_id, gate_in_at)
    select 'YRDU' || lpad(n::text, 7, '0'), (select id from container_sizes where name = '20' limit 1),
      now() - make_interval(hours => n)
    from generate_series(1, ${IN_YARD}::int) n`);
}, 120_000);
afterAll(() => t?.close());

describe('the containers list over an archived period', () => {
  it('lists the archived visits with the current ones, counted, ordered and paged as before the run, at every batch of it', async () => {
    const before = await snapshot();
    const numbers = before['newest first']!.numbers;
    expect(numbers.filter((n) => n.startsWith('ARCU'))).toHaveLength(ARCHIVED);
    expect(before['newest first']!.totalCount).toBe(ARCHIVED + CURRENT + IN_YARD);
    expect(before['a search']!.totalCount).toBe(ARCHIVED + CURRENT);
    expect(before['a range from the cut-off on']!.numbers.filter((n) => n.startsWith('ARCU'))).toEqual([]);
    expect(before['the yard']!.totalCount).toBe(IN_YARD);

    // A run of 5 visits a batch, stepped one batch at a time (a stopped run ends after its batch): the
    // lists are read between batches and while a batch commits.
    const stepper = createArchiveService(t.db, {
      afterCommit: () => undefined,
      timeZone: t.config.yard.timeZone,
      batchSize: 5,
    });
    const run = await archiveRepository.insertRun(t.db, {
      cutoffDate: cutoffDate(),
      cutoffAt: new Date(cutoffAt()),
      requestedBy: 'superadmin',
      containersToArchive: ARCHIVED,
    });
    const oneBatch = { signal: AbortSignal.abort() };
    let steps = 0;
    for (; (await archiveRepository.run(t.db, run.id))!.status === 'running'; steps += 1) {
      const [, during] = await Promise.all([
        stepper.runArchive(run.id, oneBatch),
        allPages('all', { sortBy: 'containerNumber' }),
      ]);
      expect(during.ids.length).toBe(during.totalCount);
      expect(during.numbers).toEqual(before['by number']!.numbers);
      expect(await snapshot()).toEqual(before);
      // The guard of a run that never ends: 24 visits in 5 batches, their truck visits, gate records
      // and logs in a few more.
      expect(steps).toBeLessThan(30);
    }
    expect(steps).toBeGreaterThan(ARCHIVED / 5);
    expect(await archivedCount()).toBe(ARCHIVED);
    expect(await snapshot()).toEqual(before);

    // An archived visit in the list is the visit as it was: dispatched, standing nowhere.
    const [archived] = (
      await superadmin.api.containers.all({ query: { searchText: 'ARCU0000001', sortBy: 'containerNumber' } })
    ).entities;
    expect(archived).toMatchObject({ containerNumber: 'ARCU0000001', dispatched: true, location: null });

    // The export of every visit writes the same rows in the same order.
    const { filePath } = await superadmin.api.containers.export({
      query: { format: 'csv', inYardContainersOnly: false, sortBy: 'containerNumber' },
    });
    const file = await t.app.inject({ url: filePath, headers: superadmin.auth });
    const lines = file.body.slice(1).trim().split('\n').slice(1);
    expect(lines.map((line) => line.split(',')[0])).toEqual(before['by number']!.numbers);
  }, 180_000);
});
