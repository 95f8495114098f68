import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveCutoffLatest, messages, shiftYardDay, yardDayOf, yardDayStart } from '@openyard/contracts';
import {
  archivedContainers,
  archivedContainerMovements,
  archivedDeviceLogs,
  archivedGateTransactions,
} from '../../db/schema';
import { archivedItvTasks, archivedTasks, archivedTrailers } from '../../db/schema';
import { rowsOf } from '../../db/bulk-insert';
import { outcome } from '../../test/api-client';
import { createGate, rfidTag, singleGateIn } from '../../test/gate-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { containerNumber } from '../../test/yard-fixtures';
import { seedArchiveHistory } from '../../test/archive-fixtures';
import { archiveRepository, createArchiveService, sharedColumns } from './index';

// Archive runs (spec 3 §4, docs/archive.md) on a seeded year of history: what moves, what stays,
// resuming an interrupted run, gate activity during a run, the rollups, the lookups of archived data.

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let inGate: number;
const HISTORY = 300;
const DAY_MS = 86_400_000;
// A number of the archived year that gates in again (a valid ISO 6346 number, as the gate asks).
const RETURNING = containerNumber('ARCU');

const TABLES = [
  ['containers', archivedContainers],
  ['container_movements', archivedContainerMovements],
  ['tasks', archivedTasks],
  ['itv_tasks', archivedItvTasks],
  ['trailers', archivedTrailers],
  ['gate_transactions', archivedGateTransactions],
  ['device_logs', archivedDeviceLogs],
] as const;

async function value(query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: unknown }>(await t.db.execute(query))[0]?.n ?? 0);
}
const count = (table: string) => value(sql.raw(`select count(*) as n from ${table}`));

async function counts() {
  const out: Record<string, { current: number; archived: number }> = {};
  for (const [name] of TABLES) out[name] = { current: await count(name), archived: await count(`archive.${name}`) };
  return out;
}

// The figures the dashboard and the reports' totals read, summed per table and kind.
async function rollups() {
  return {
    yardDays: await value(
      sql`select coalesce(sum(gate_ins) * 1000000 + sum(gate_outs) * 10000 + sum(machine_moves) * 100 + sum(manual_moves), 0) as n from dashboard_yard_days`,
    ),
    gateOuts: await value(sql`select coalesce(sum(gate_outs), 0) as n from dashboard_yard_days`),
    reportMovements: await value(sql`select coalesce(sum(n), 0) as n from report_days where kind = 'movements'`),
    reportTrailers: await value(sql`select coalesce(sum(n), 0) as n from report_days where kind = 'trailers'`),
    reportDwell: await value(sql`select coalesce(sum(n), 0) as n from report_days where kind = 'dwell'`),
  };
}

const today = () => yardDayOf(Date.now(), t.config.yard.timeZone);

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  ({ gateId: inGate } = await createGate(t, 'IN'));
  await seedArchiveHistory(t.db, 'ARCU', HISTORY, 70);
  // Dispatched within the last two months: after any cut-off the call accepts.
  await seedArchiveHistory(t.db, 'RECU', 20, 5);
  await t.db.execute(sql`update containers set container_number = ${RETURNING} where container_number = 'ARCU0000007'`);
  await t.db.execute(sql`update tasks set container_number = ${RETURNING} where container_number = 'ARCU0000007'`);
}, 120_000);
afterAll(() => t?.close());

describe('the archive tables', () => {
  it('have the columns of the current tables, so a copy keeps every value', async () => {
    for (const [name, table] of TABLES) {
      const columns = async (schema: string) =>
        rowsOf<{ n: string }>(
          await t.db.execute(
            sql`select column_name as n from information_schema.columns where table_schema = ${schema} and table_name = ${name} order by column_name`,
          ),
        );
      const current = (await columns('public')).map((row) => row.n);
      expect(current.length, name).toBeGreaterThan(0);
      expect([...sharedColumns(table)].sort(), name).toEqual(current);
    }
  });
});

describe('GET /rest/enterprise/archive', () => {
  it('is refused to anyone but a superadmin, and for a cut-off inside the last two months', async () => {
    const cutoffDate = archiveCutoffLatest(today());
    for (const role of ['admin', 'operator']) {
      const user = await t.login(role);
      expect((await outcome(user.api.archive.run({ query: { cutoffDate } }))).status, role).toBe(403);
    }
    const tooRecent = shiftYardDay(cutoffDate, { days: 1 });
    expect(
      await outcome(superadmin.api.archive.run({ query: { cutoffDate: tooRecent, user: 'superadmin' } })),
    ).toMatchObject({
      status: 400,
      body: { message: messages.archiveCutoffTooRecent },
    });
    expect(await count('archive.containers')).toBe(0);
  });

  it('archives a year in batches, resumes an interrupted run, and loses or doubles nothing under gate activity', async () => {
    const before = await counts();
    const rollupsBefore = await rollups();
    const cutoffDate = archiveCutoffLatest(today());
    const cutoffAt = new Date(yardDayStart(cutoffDate, t.config.yard.timeZone));
    const toArchive = await archiveRepository.countDispatchedBefore(t.db, cutoffAt);
    expect(toArchive).toBe(HISTORY);
    // A number of the archived year gated in again: a new visit, not touched by the run.
    const returning = singleGateIn({ gateId: inGate, trailerTag1: rfidTag() }, { containerNumber: RETURNING });
    const returned = (await outcome(superadmin.api.gateOperations.gateIn({ body: returning }))).body;
    expect(returned, JSON.stringify(returned)).toMatchObject({ responsestatus: 'success' });

    // A run interrupted after its first batches (a process stopped between two transactions).
    const run = await archiveRepository.insertRun(t.db, {
      cutoffDate,
      cutoffAt,
      requestedBy: 'superadmin',
      containersToArchive: toArchive,
    });
    const interrupted = createArchiveService(t.db, { afterCommit: () => undefined, timeZone: 'UTC', batchSize: 40 });
    const stop = new AbortController();
    const going = interrupted.runArchive(run.id, { signal: stop.signal });
    for (;;) {
      const row = await archiveRepository.run(t.db, run.id);
      if (row!.containers > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    stop.abort();
    await going;
    const halfway = (await archiveRepository.run(t.db, run.id))!;
    expect(halfway.status).toBe('running');
    expect(halfway.containers).toBeGreaterThan(0);
    expect(halfway.containers).toBeLessThan(HISTORY);
    for (const [name] of TABLES) {
      const now = { current: await count(name), archived: await count(`archive.${name}`) };
      // The returning container's gate-in added rows of its own to some tables.
      expect(now.current + now.archived, name).toBeGreaterThanOrEqual(before[name]!.current);
    }

    // The call with the same cut-off carries the run on, while the gate takes containers in and out.
    const gateIns = Array.from({ length: 4 }, () => singleGateIn({ gateId: inGate, trailerTag1: rfidTag() }));
    const [answer, ...gated] = await Promise.all([
      superadmin.api.archive.run({ query: { cutoffDate, user: 'superadmin' } }),
      ...gateIns.map((form) => superadmin.api.gateOperations.gateIn({ body: form })),
    ]);
    for (const reply of gated) expect(reply.responsestatus).toBe('success');
    const dispatched = await Promise.all(
      gateIns.slice(0, 2).map((form) =>
        superadmin.api.gateOperations.dispatch({
          query: { containerNumber: form.container1Data!.containerNumber!, dispatchTime: Date.now() },
        }),
      ),
    );
    for (const reply of dispatched) expect(reply.responsestatus).toBe('success');

    expect(answer.status).toBe('success');
    expect(answer.run.runId).toBe(run.id);
    expect(answer.totalContainersArchived).toBe(HISTORY);
    expect(answer.updatedConfig.archivedBefore).toBe(cutoffDate);
    expect(answer.run.counts).toMatchObject({
      containers: HISTORY,
      movements: HISTORY * 3,
      tasks: HISTORY,
      itvTasks: HISTORY / 3,
      trailers: HISTORY,
      gateTransactions: HISTORY,
      deviceLogs: HISTORY * 2,
    });

    const after = await counts();
    // Every seeded row is in exactly one place; what the gate did meanwhile is current.
    for (const [name] of TABLES) {
      expect(after[name]!.archived, name).toBe(
        {
          containers: 1,
          container_movements: 3,
          tasks: 1,
          itv_tasks: 1 / 3,
          trailers: 1,
          gate_transactions: 1,
          device_logs: 2,
        }[name] * HISTORY,
      );
    }
    expect(after.containers!.current).toBe(before.containers!.current - HISTORY + 1 + gateIns.length);
    for (const [name, table] of TABLES) {
      const key = name === 'gate_transactions' ? 'request_id' : 'id';
      const doubled = await value(
        sql`select count(*) as n from ${sql.raw(name)} c join ${table} a on a.${sql.raw(key)} = c.${sql.raw(key)}`,
      );
      expect(doubled, name).toBe(0);
    }
    // Nothing dispatched after the cut-off, nothing in the yard was touched.
    expect(
      await value(sql`select count(*) as n from archive.containers where dispatched_at >= ${cutoffAt.toISOString()}`),
    ).toBe(0);
    expect(await value(sql`select count(*) as n from containers where container_number like 'RECU%'`)).toBe(20);
    expect(
      await value(
        sql`select count(*) as n from containers where container_number = ${RETURNING} and dispatched_at is null`,
      ),
    ).toBe(1);

    // The day counts stand as they were (the run's deletes are not counted off); the gate's own
    // activity during the run added its gate-ins and dispatches.
    const rollupsAfter = await rollups();
    expect(rollupsAfter.reportMovements).toBeGreaterThanOrEqual(rollupsBefore.reportMovements);
    expect(rollupsAfter.reportDwell).toBe(rollupsBefore.reportDwell + dispatched.length);
    expect(rollupsAfter.gateOuts).toBe(rollupsBefore.gateOuts + dispatched.length);
    // Cut again from the whole history (a TIME_ZONE change), archived rows included: the same figures.
    await t.db.execute(sql`select dashboard_rollups_cut('UTC')`);
    await t.db.execute(sql`select report_days_cut('UTC')`);
    expect(await rollups()).toEqual(rollupsAfter);

    // A finished run is not run again by a redelivered job.
    await t.services.archive.runArchive(run.id);
    expect((await counts()).containers).toEqual(after.containers);
  }, 120_000);

  it('finds archived containers by number, with their movements', async () => {
    const container = await superadmin.api.containers.get({ params: { n: 'ARCU0000003' } });
    expect(container.containerNumber).toBe('ARCU0000003');
    expect(container.dispatched).toBe(true);
    expect(container.dispatchDate).not.toBeNull();
    const movements = await superadmin.api.containers.movements({ params: { n: 'ARCU0000003' } });
    expect(movements.totalCount).toBe(3);
    expect(movements.entities.map((movement) => movement.source)).toEqual(['gate', 'machine', 'gate']);
    // The number that came back: the current visit is answered, its history holds both visits.
    const current = await superadmin.api.containers.get({ params: { n: RETURNING } });
    expect(current.containerNumber).toBe(RETURNING);
    expect(current.dispatched).toBe(false);
    const both = await superadmin.api.containers.movements({ params: { n: RETURNING } });
    const archivedVisit = await value(
      sql`select id as n from archive.containers where container_number = ${RETURNING}`,
    );
    expect(both.entities.filter((movement) => movement.containerId === archivedVisit)).toHaveLength(3);
  });

  it('tells the latest run', async () => {
    const latest = await superadmin.api.archive.latest();
    expect(latest.run?.status).toBe('done');
    expect(latest.config.archivedBefore).toBe(archiveCutoffLatest(today()));
    expect(latest.run?.finishedAt).toBeGreaterThan(Date.now() - DAY_MS);
  });
});
