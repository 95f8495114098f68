import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  slotGeoPosition,
  yardDayOf,
  type TaskDashboardQuery,
  type TaskDashboardReport,
} from '@openyard/contracts';
import { rowsOf } from '../../db/bulk-insert';
import { machineEvents, tasks } from '../../db/schema';
import { outcome } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer } from '../../test/yard-fixtures';

// The task dashboard's figures against a small history computed by hand (spec 3 §2, §3, §9), in a
// yard five and a half hours east of UTC (Asia/Kolkata, no daylight saving): a yard day starts at
// 18:30 UTC the day before, and the night shift 22:00–06:00 crosses the yard's midnight.
const TIME_ZONE = 'Asia/Kolkata';
let t: TestApp;
let operator: Awaited<ReturnType<TestApp['login']>>;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
const machineIds: Record<string, number> = {};
let night = 0;
let dayShift = 0;
const M1 = 'RS-A1';
const M2 = 'RS-B2';

// A yard wall-clock time as an instant (Kolkata is UTC+05:30).
const local = (dayAndTime: string) => new Date(Date.parse(`${dayAndTime}:00+05:30`));

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE } });
  operator = await t.login('operator');
  superadmin = await t.login('superadmin');
  for (const machineName of [M1, M2])
    machineIds[machineName] = (
      await superadmin.api.machines.save({ body: { machineName, machineType: 'Reach-Stacker' } })
    ).machine.id;
  night = (
    await superadmin.api.machineShifts.create({
      body: { name: 'Night', fromHour: 22, fromMinute: 0, toHour: 6, toMinute: 0 },
    })
  ).shift.id;
  dayShift = (
    await superadmin.api.machineShifts.create({
      body: { name: 'Day', fromHour: 6, fromMinute: 0, toHour: 14, toMinute: 0 },
    })
  ).shift.id;
  await seedHistory();
  // The history went in as rows, as the migration of a running yard finds it: build from it.
  await t.services.taskDashboard.rebuild();
});
afterAll(() => t.close());

let serial = 0;
async function event(machine: string, kind: 'pick' | 'drop', at: string) {
  const [row] = await t.db
    .insert(machineEvents)
    .values({ machineId: machineIds[machine]!, kind, messageId: `seed-${(serial += 1)}`, occurredAt: local(at) })
    .returning({ id: machineEvents.id });
  return row!.id;
}

async function task(values: {
  assignedTo: string;
  completedAt?: string;
  byMachine?: string;
  byEvent?: number;
  generatedAt?: string;
}) {
  const [row] = await t.db
    .insert(tasks)
    .values({
      containerNumber: `HIST${String((serial += 1)).padStart(7, '0')}`,
      taskType: 'Grounding',
      assignedToMachine: values.assignedTo,
      source: 'user',
      generatedAt: local(values.generatedAt ?? '2026-01-09 08:00'),
      completedAt: values.completedAt ? local(values.completedAt) : null,
      completedByMachine: values.byMachine ?? null,
      completedByEventId: values.byEvent ?? null,
    })
    .returning({ id: tasks.id });
  return row!.id;
}

// Two machines, two yard days (2026-01-10 and 2026-01-11) and what lies just outside them.
async function seedHistory() {
  // RS-A1
  const e1 = await event(M1, 'drop', '2026-01-10 09:00'); // productive (t1), day shift of the 10th
  await task({ assignedTo: M1, completedAt: '2026-01-10 09:00', byMachine: M1, byEvent: e1 }); // t1
  await event(M1, 'drop', '2026-01-10 23:00'); // waste, night of the 10th
  // 20:30 UTC on the 10th: the yard's 11th, and the night shift of the 10th.
  const e3 = await event(M1, 'drop', '2026-01-11 02:00'); // productive (t2)
  await task({ assignedTo: M1, completedAt: '2026-01-11 02:00', byMachine: M1, byEvent: e3 }); // t2
  await event(M1, 'drop', '2026-01-11 10:00'); // waste, day shift of the 11th
  await task({ assignedTo: M1, completedAt: '2026-01-11 23:59', byMachine: M1 }); // t5: the terminal, night of the 11th
  // RS-B2
  const e5 = await event(M2, 'drop', '2026-01-10 05:59'); // productive (t3): the night of the 9th
  await task({ assignedTo: 'ALL', completedAt: '2026-01-10 05:59', byMachine: M2, byEvent: e5 }); // t3
  await event(M2, 'drop', '2026-01-11 22:30'); // waste, night of the 11th
  await event(M2, 'pick', '2026-01-11 11:00'); // a pick is no movement
  await task({ assignedTo: M2, completedAt: '2026-01-11 12:00' }); // t4: from the list, by a user
  await task({ assignedTo: M2 }); // pending: nothing
  await task({ assignedTo: M2, completedAt: '2026-01-12 00:30', byMachine: M2 }); // t7: the 12th, night of the 11th
  // The 9th and the 12th hold a drop each, outside the period.
  await event(M2, 'drop', '2026-01-09 12:00');
  await event(M1, 'drop', '2026-01-12 06:30');
}

const custom = { period: 'custom', from: '2026-01-10', to: '2026-01-11' } as const;
const figures = (query: TaskDashboardQuery) => operator.api.taskDashboard.machines({ query });

describe('the task dashboard over a hand-computed history (spec 3 §3, §9)', () => {
  it('counts whole yard days: productive and waste drops, completed tasks, totals and averages', async () => {
    const report = await figures(custom);
    expect(report).toEqual<TaskDashboardReport>({
      noOfDays: 2,
      granularity: 'day',
      fromDate: '2026-01-10',
      toDate: '2026-01-11',
      fromTime: Date.parse('2026-01-09T18:30:00Z'),
      toTime: Date.parse('2026-01-11T18:30:00Z') - 1,
      shiftId: null,
      shift: null,
      shiftPeriod: null,
      machineMovements: [
        {
          machine: M1,
          movements: [
            { date: '2026-01-10', productiveCount: 1, wasteCount: 1 },
            { date: '2026-01-11', productiveCount: 1, wasteCount: 1 },
          ],
        },
        {
          machine: M2,
          movements: [
            { date: '2026-01-10', productiveCount: 1, wasteCount: 0 },
            { date: '2026-01-11', productiveCount: 0, wasteCount: 1 },
          ],
        },
      ],
      totalMovements: 6,
      totalProductive: 3,
      totalWaste: 3,
      totalCompletedTasks: 5,
      machineTasks: [
        {
          machine: M1,
          tasks: [
            { date: '2026-01-10', count: 1 },
            { date: '2026-01-11', count: 2 },
          ],
        },
        {
          machine: M2,
          tasks: [
            { date: '2026-01-10', count: 1 },
            { date: '2026-01-11', count: 1 },
          ],
        },
      ],
      averageMovements: 3,
      // 5 / 2 = 2.5, without decimals.
      averageCompletedTasks: 3,
    });
  });

  it('counts a night shift for the day it starts, across the yard midnight', async () => {
    const report = await figures({ ...custom, shiftId: night });
    expect(report).toMatchObject({
      noOfDays: 2,
      fromTime: Date.parse('2026-01-10T16:30:00Z'),
      toTime: Date.parse('2026-01-12T00:30:00Z') - 1,
      shiftId: night,
      shift: 'Night',
      shiftPeriod: '22:00–06:00 (+1 day)',
      machineMovements: [
        { machine: M1, movements: [{ date: '2026-01-10', productiveCount: 1, wasteCount: 1 }] },
        {
          machine: M2,
          movements: [{ date: '2026-01-11', productiveCount: 0, wasteCount: 1 }],
        },
      ],
      machineTasks: [
        {
          machine: M1,
          tasks: [
            { date: '2026-01-10', count: 1 },
            { date: '2026-01-11', count: 1 },
          ],
        },
        { machine: M2, tasks: [{ date: '2026-01-11', count: 1 }] },
      ],
      totalMovements: 3,
      totalProductive: 1,
      totalWaste: 2,
      totalCompletedTasks: 3,
      averageMovements: 2,
      averageCompletedTasks: 2,
    });
  });

  it('counts a day shift and a single day', async () => {
    const shift = await figures({ ...custom, shiftId: dayShift });
    expect(shift.machineMovements).toEqual([
      {
        machine: M1,
        movements: [
          { date: '2026-01-10', productiveCount: 1, wasteCount: 0 },
          { date: '2026-01-11', productiveCount: 0, wasteCount: 1 },
        ],
      },
    ]);
    expect(shift.machineTasks).toEqual([
      { machine: M1, tasks: [{ date: '2026-01-10', count: 1 }] },
      { machine: M2, tasks: [{ date: '2026-01-11', count: 1 }] },
    ]);
    const day = await figures({ period: 'day', date: '2026-01-11' });
    expect(day).toMatchObject({ noOfDays: 1, totalMovements: 3, totalProductive: 1, totalWaste: 2 });
    expect(day.totalCompletedTasks).toBe(3);
    expect(day.averageMovements).toBe(3);
  });

  it('comes by month over a longer period, each month from its first day in the period', async () => {
    const report = await figures({ period: 'custom', from: '2025-12-15', to: '2026-02-20' });
    expect(report).toMatchObject({ noOfDays: 68, granularity: 'month', totalMovements: 8, totalCompletedTasks: 6 });
    // January: RS-A1's four drops and the 12th's, RS-B2's two and the 9th's.
    expect(report.machineMovements).toEqual([
      { machine: M1, movements: [{ date: '2026-01-01', productiveCount: 2, wasteCount: 3 }] },
      { machine: M2, movements: [{ date: '2026-01-01', productiveCount: 1, wasteCount: 2 }] },
    ]);
    expect(report.machineTasks).toEqual([
      { machine: M1, tasks: [{ date: '2026-01-01', count: 3 }] },
      { machine: M2, tasks: [{ date: '2026-01-01', count: 3 }] },
    ]);
    expect(report.averageMovements).toBe(0);
    // The first month of a period starts on the period's first day.
    const early = await figures({ period: 'custom', from: '2026-01-10', to: '2026-03-31' });
    expect(early.machineMovements[0]!.movements).toEqual([{ date: '2026-01-10', productiveCount: 2, wasteCount: 3 }]);
  });

  it('gives a machine’s whole yard days with its picks: the rows report 3.1 and the dashboard read', async () => {
    const row = { machine: M2, picks: 0, productiveMoves: 0, wasteMoves: 0, completedTasks: 0 };
    // Its name in any case; the pick of the 11th is no movement.
    expect(await t.services.taskDashboard.machineDays('2026-01-10', '2026-01-11', 'rs-b2')).toEqual([
      { ...row, day: '2026-01-10', productiveMoves: 1, completedTasks: 1 },
      { ...row, day: '2026-01-11', picks: 1, wasteMoves: 1, completedTasks: 1 },
    ]);
    const all = await t.services.taskDashboard.machineDays('2026-01-11', '2026-01-11');
    expect(all.map((entry) => entry.machine)).toEqual([M1, M2]);
  });

  it('refuses a custom period without dates, backwards, too long, or an unknown shift', async () => {
    const refused = async (query: TaskDashboardQuery) =>
      (await outcome(operator.api.taskDashboard.machines({ query }))).body;
    expect(await refused({ period: 'custom', to: '2026-01-10' })).toMatchObject({
      message: messages.reportChooseFromDate,
    });
    expect(await refused({ period: 'custom', from: '2026-01-10' })).toMatchObject({
      message: messages.reportChooseToDate,
    });
    expect(await refused({ period: 'custom', from: '2026-01-11', to: '2026-01-10' })).toMatchObject({
      message: messages.reportInvalidDateRange,
    });
    expect(await refused({ period: 'custom', from: '2024-01-01', to: '2026-01-10' })).toMatchObject({
      message: messages.dashboardPeriodTooLong(366),
    });
    expect(await refused({ shiftId: 999_999 })).toMatchObject({ message: messages.shiftNotFound });
  });

  it('is for whoever sees Tasks (tasksVisible)', async () => {
    const gate = await t.login('gatein');
    expect((await outcome(gate.api.taskDashboard.machines({ query: custom }))).status).toBe(403);
  });

  it('rebuilds a shift whose times changed before reading it', async () => {
    await superadmin.api.machineShifts.update({
      body: { id: night, name: 'Night', fromHour: 23, fromMinute: 0, toHour: 6, toMinute: 0 },
    });
    const report = await figures({ ...custom, shiftId: night });
    // 22:30 on the 11th (RS-B2's waste) is no longer in the night; 23:00 on the 10th still is.
    expect(report.machineMovements).toEqual([
      { machine: M1, movements: [{ date: '2026-01-10', productiveCount: 1, wasteCount: 1 }] },
    ]);
    expect(report.shiftPeriod).toBe('23:00–06:00 (+1 day)');
    await superadmin.api.machineShifts.update({
      body: { id: night, name: 'Night', fromHour: 22, fromMinute: 0, toHour: 6, toMinute: 0 },
    });
    expect((await figures({ ...custom, shiftId: night })).totalWaste).toBe(2);
  });

  it('exports the figures, one row per machine and day, then the totals and the averages', async () => {
    const { filePath } = await operator.api.taskDashboard.exportXls({ query: { ...custom, shiftId: night } });
    expect(filePath).toMatch(/^\/rest\/exports\/[0-9a-f-]{36}\/task-dashboard-.*\.xlsx$/);
    const [, , , token, fileName] = filePath.split('/');
    const bytes = await operator.api.exports.download({ params: { token: token!, fileName: fileName! } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes);
    const sheet = book.getWorksheet('Task dashboard')!;
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values).toEqual([
      ['Machine', 'Date', 'Productive moves', 'Waste moves', 'Movements', 'Completed tasks'],
      [M1, '2026-01-10', 1, 1, 2, 1],
      [M1, '2026-01-11', 0, 0, 0, 1],
      [M2, '2026-01-11', 0, 1, 1, 1],
      ['Total', '2026-01-10 to 2026-01-11, Night 22:00–06:00 (+1 day)', 1, 2, 3, 3],
      ['Average per day', '2 days', 1, 1, 2, 2],
    ]);
  });
});

// The rollup kept in the transactions: through the machines' drops and the tasks' REST calls, the
// figures of today change at once, and always equal a rebuild from the history.
describe('the rollup kept in the transactions of drops and completions', () => {
  const today = () => yardDayOf(Date.now(), TIME_ZONE);
  const todayFigures = () => figures({ period: 'day', date: today() });
  const machineOf = (report: TaskDashboardReport, machine: string) => ({
    moves: report.machineMovements.find((entry) => entry.machine === machine)?.movements ?? [],
    tasks: report.machineTasks.find((entry) => entry.machine === machine)?.tasks ?? [],
  });

  async function emptyGroundSlot() {
    const [row] = rowsOf<{
      row_index: number;
      column_index: number;
      rows: number;
      columns: number;
      lat1: number;
      long1: number;
      lat2: number;
      long2: number;
      lat3: number;
      long3: number;
      lat4: number;
      long4: number;
    }>(
      await t.db.execute(sql`
        select r.index as row_index, c.index as column_index,
          (select max(index) from yard_rows where area_id = a.id) as rows,
          (select max(index) from yard_columns where area_id = a.id) as columns,
          a.lat1, a.long1, a.lat2, a.long2, a.lat3, a.long3, a.lat4, a.long4
        from yard_areas a join yard_rows r on r.area_id = a.id join yard_columns c on c.area_id = a.id
        where a.lat1 is not null and not exists (
          select 1 from container_positions p where p.area_id = a.id and p.row_index = r.index and p.column_index = c.index)
        order by a.id, r.index, c.index limit 1`),
    );
    return slotGeoPosition(
      [
        { latitude: row!.lat1, longitude: row!.long1 },
        { latitude: row!.lat2, longitude: row!.long2 },
        { latitude: row!.lat3, longitude: row!.long3 },
        { latitude: row!.lat4, longitude: row!.long4 },
      ],
      { rows: Number(row!.rows), columns: Number(row!.columns) },
      { row: row!.row_index, column: row!.column_index },
    );
  }

  const drop = (
    machine: string,
    payload: { containerNumber: string; latitude?: number; longitude?: number },
    kind: 'pick' | 'drop' = 'drop',
  ) =>
    t.services.deviceMessages.processBatch([
      {
        kind: 'machineEvent',
        machineId: machineIds[machine]!,
        topic: `yard/machines/${machineIds[machine]!}/event`,
        payload: {
          messageId: `live-${(serial += 1)}`,
          timestamp: Date.now(),
          kind,
          height: t.config.yard.startHeight,
          ...payload,
        },
      },
    ]);

  const taskFields = {
    taskType: 'Grounding',
    deliveryMode: 'Loaded',
    fromLocation: 'Trailer',
    toLocation: 'Import Zone',
  };

  it('adds a productive drop, a waste drop and a completion at once, and takes a deleted task back', async () => {
    const before = await todayFigures();
    // A drop that completes RS-A1's task: productive, and a completed task.
    const start = await emptyGroundSlot();
    const location = await t.services.inventory.slotAt(t.db, start, t.config.yard.startHeight);
    const container = await addContainer(t, superadmin.auth, { location: location! });
    const [work] = (
      await operator.api.tasks.save({
        body: [{ ...taskFields, containerNumber: container.containerNumber, assignedToMachine: M1 }],
      })
    ).tasks;
    await drop(M1, { containerNumber: container.containerNumber, ...(await emptyGroundSlot()) });
    expect((await operator.api.tasks.get({ params: { id: work!.taskId } })).completedByMachine).toBe(M1);
    // A pick and a drop of a box the yard does not know: a pick, and a waste move (and a yard
    // exception).
    await drop(M2, { containerNumber: 'ZZZU0000000' }, 'pick');
    await drop(M2, { containerNumber: 'ZZZU0000000' });
    // A task of RS-B2 completed from the list.
    const [listed] = (
      await operator.api.tasks.save({
        body: [{ ...taskFields, containerNumber: 'LIVE0000001', assignedToMachine: M2 }],
      })
    ).tasks;
    await operator.api.tasks.complete({ body: { taskIds: [listed!.taskId] } });

    const after = await todayFigures();
    expect(after.totalProductive - before.totalProductive).toBe(1);
    expect(after.totalWaste - before.totalWaste).toBe(1);
    expect(after.totalCompletedTasks - before.totalCompletedTasks).toBe(2);
    expect(machineOf(after, M1).moves).toEqual([{ date: today(), productiveCount: 1, wasteCount: 0 }]);
    expect(machineOf(after, M2).moves).toEqual([{ date: today(), productiveCount: 0, wasteCount: 1 }]);
    expect(machineOf(after, M2).tasks).toEqual([{ date: today(), count: 1 }]);
    expect(await t.services.taskDashboard.machineDays(today(), today(), M2)).toEqual([
      { day: today(), machine: M2, picks: 1, productiveMoves: 0, wasteMoves: 1, completedTasks: 1 },
    ]);

    // Deleting the drop's task: the drop completed nothing that still exists, so it is waste now.
    await superadmin.api.tasks.delete({ query: { taskIds: String(work!.taskId) } });
    const deleted = await todayFigures();
    expect(machineOf(deleted, M1).moves).toEqual([{ date: today(), productiveCount: 0, wasteCount: 1 }]);
    expect(deleted.totalCompletedTasks).toBe(after.totalCompletedTasks - 1);

    // What the transactions kept is what a rebuild from the history gives, today and for the seeded days.
    const days = () => t.services.taskDashboard.machineDays('2026-01-09', today());
    const kept = [deleted, await figures(custom), await figures({ ...custom, shiftId: night }), await days()];
    await t.services.taskDashboard.rebuild();
    expect([
      await todayFigures(),
      await figures(custom),
      await figures({ ...custom, shiftId: night }),
      await days(),
    ]).toEqual(kept);
  });
});
