import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DWELL_BUCKETS,
  messages,
  REPORT_COLUMNS,
  REPORT_TYPES,
  routes,
  type ReportKey,
  type ReportQuery,
} from '@openyard/contracts';
import { rowsOf } from '../../db/bulk-insert';
import { outcome } from '../../test/api-client';
import { eventually } from '../../test/eventually';
import { createTestApp, createUserWithPermissions, type TestApp } from '../../test/test-app';
import { addContainer } from '../../test/yard-fixtures';
import { archiveRepository } from '../archive';

// A small history, hand-computed, in a yard at UTC+05:30 (Asia/Kolkata has no daylight saving): the
// yard day 2025-03-10 runs from 2025-03-09T18:30Z to 2025-03-10T18:30Z. Rows at 18:29Z and 18:31Z
// fall on either side of a boundary. Seeded in SQL with triggers off (the times are the past).
const TIME_ZONE = 'Asia/Kolkata';
const DAY = { from: '2025-03-10', to: '2025-03-10' } as const;

const A = 'MSCU1000001'; // gate-in 03-09T18:29Z: the yard's 03-09; holds an expired tag
const B = 'MAEU1000002'; // gate-in 03-09T18:31Z (03-10), placed by hand in A at 19:00Z, left 03-12T18:31Z (03-13)
const C = 'MAEU1000003'; // gate-in 03-10T12:00Z from trailer TR-1, placed in A at the gate, moved to B by RS-01
const D = 'MAEU1000004'; // gate-in 03-10T18:29Z (03-10 23:59), never given a slot
const E = 'CMAU1000005'; // gate-in 03-10T18:31Z (03-11), a 40 ft box

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
const ids: Record<string, number> = {};

async function one<T>(query: string): Promise<T> {
  return rowsOf<T>(await t.db.execute(sql.raw(query)))[0]!;
}

async function seed() {
  const size = await one<{ s20: number; s40: number }>(
    `select (select id from container_sizes where name = '20') as s20, (select id from container_sizes where name = '40') as s40`,
  );
  const area = await one<{ a: number; b: number }>(
    `select (select id from yard_areas where name = 'A') as a, (select id from yard_areas where name = 'B') as b`,
  );
  const importId = (await one<{ id: number }>(`select id from container_processes where name = 'Import'`)).id;
  Object.assign(ids, { s20: size.s20, s40: size.s40, areaA: area.a, areaB: area.b, importId });
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const run = (text: string) => tx.execute(sql.raw(text));
    await run(`insert into containers (id, container_number, size_id, process_id, rfid_tag_id, gate_in_at, dispatched_at) values
      (9001, '${A}', ${size.s20}, null, '10000001', '2025-03-09T18:29:00Z', null),
      (9002, '${B}', ${size.s20}, null, null, '2025-03-09T18:31:00Z', '2025-03-12T18:31:00Z'),
      (9003, '${C}', ${size.s20}, ${importId}, null, '2025-03-10T12:00:00Z', null),
      (9004, '${D}', ${size.s20}, null, null, '2025-03-10T18:29:00Z', null),
      (9005, '${E}', ${size.s40}, null, null, '2025-03-10T18:31:00Z', null)`);
    await run(`insert into container_positions (area_id, row_index, column_index, tier, container_id) values
      (${area.b}, 1, 1, 1, 9003)`);
    await run(`insert into container_movements (container_id, container_number, from_location, to_location,
      to_area_id, to_row_index, to_column_index, to_tier, source, moved_by, device, moved_at) values
      (9002, '${B}', null, 'A_1_1_1', ${area.a}, 1, 1, 1, 'manual', 'clerk', null, '2025-03-09T19:00:00Z'),
      (9003, '${C}', null, 'A_1_2_1', ${area.a}, 1, 2, 1, 'gate', 'clerk', null, '2025-03-10T12:00:00Z'),
      (9003, '${C}', 'A_1_2_1', 'B_1_1_1', ${area.b}, 1, 1, 1, 'machine', null, 'RS-01', '2025-03-10T13:00:00Z'),
      (9002, '${B}', 'A_1_1_1', null, null, null, null, null, 'gate', 'clerk', null, '2025-03-12T18:31:00Z')`);
    await run(`insert into rfid_tags (tag_id, first_used_at, last_bound_at, bind_count) values
      ('10000001', '2025-01-01T00:00:00Z', '2025-03-09T18:29:00Z', 2), ('10000002', now() - interval '1 day', now(), 1)`);
    await run(`insert into trailers (id, trailer_number, trailer_type, type, activity_group, container_numbers, entry_at, out_at) values
      (9101, 'TR-1', null, 'Import', 'CONTAINER GATE-IN', '{${C}}', '2025-03-10T12:00:00Z', '2025-03-10T12:45:00Z'),
      (9102, 'TR-2', 'Drop', 'Empty Delivery', 'VEHICLE GATE-IN', '{}', '2025-03-10T14:00:00Z', null),
      (9103, 'TR-3', 'Pickup', 'Import', 'VEHICLE GATE-IN', '{}', '2025-03-11T01:00:00Z', null)`);
    await run(`insert into machines (id, machine_name, machine_type, machine_status, secret_hash) values
      (9201, 'RS-01', 'Reach-Stacker', 'Working', 'x'), (9202, 'RS-02', 'Reach-Stacker', 'Working', 'x')`);
    await run(`insert into machine_status_changes (machine_id, status, changed_at) values
      (9201, 'Working', '2025-03-01T00:00:00Z'), (9201, 'Break-Down', '2025-03-10T06:00:00Z'),
      (9201, 'Working', '2025-03-10T08:30:00Z'), (9201, 'Break-Down', '2025-03-10T18:00:00Z'),
      (9201, 'Working', '2025-03-11T00:00:00Z'), (9202, 'Working', '2025-03-01T00:00:00Z')`);
    await run(`insert into machine_events (id, machine_id, kind, container_number, message_id, occurred_at) values
      (9301, 9201, 'pick', '${B}', 'm1', '2025-03-09T18:35:00Z'),
      (9302, 9201, 'drop', '${B}', 'm2', '2025-03-09T18:40:00Z'),
      (9303, 9201, 'pick', '${C}', 'm3', '2025-03-10T18:29:00Z'),
      (9304, 9201, 'drop', '${C}', 'm4', '2025-03-10T18:31:00Z'),
      (9305, 9202, 'drop', '${D}', 'm5', '2025-03-10T10:00:00Z')`);
    // 9402: RS-01's task completed from the list (no machine completed it) on the yard's 03-11.
    await run(`insert into tasks (id, container_id, container_number, task_type, source, generated_at, completed_at,
      assigned_to_machine, completed_by_machine, completed_by_event_id) values
      (9401, 9002, '${B}', 'Empty Placement', 'gate', '2025-03-09T18:31:00Z', '2025-03-09T18:40:00Z', 'RS-01', 'RS-01', 9302),
      (9402, 9003, '${C}', 'Grounding', 'user', '2025-03-10T18:31:00Z', '2025-03-10T19:00:00Z', 'RS-01', null, null)`);
    await run(`insert into alarms (kind, severity, source_kind, source_id, source_name, message, raised_at, cleared_at) values
      ('readerDown', 'critical', 'reader', 1, 'R1', 'Reader R1 is not responding', '2025-03-09T18:29:00Z', '2025-03-09T19:00:00Z'),
      ('machineBreakdown', 'critical', 'machine', 9201, 'RS-01', 'RS-01 is broken down', '2025-03-09T18:31:00Z', '2025-03-09T18:41:00Z')`);
  });
}

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE, TAG_LIFETIME_DAYS: '30' } });
  admin = await t.login('superadmin');
  await seed();
  // The history went in as rows, past the services: report 3.1 reads the task dashboard's rollup of
  // machine days, built from it here as after an upgrade.
  await t.services.taskDashboard.rebuild();
});
afterAll(async () => t?.close());

const numbers = (rows: { containerNumber: string | null }[]) => rows.map((row) => row.containerNumber);

describe('reports of spec 2 §9 on a hand-computed history (yard day cut at +05:30)', () => {
  it('1.1 gate in: the three boxes of the yard day, in order, with the truck that brought them; paged 1-based', async () => {
    const report = await admin.api.reports.gateIn({ query: DAY });
    expect(report.totalCount).toBe(3);
    expect(numbers(report.entities)).toEqual([B, C, D]);
    expect(report.entities[1]).toMatchObject({ trailerNumber: 'TR-1', location: 'B_1_1_1', process: 'Import' });
    expect(report.entities[0]).toMatchObject({
      liner: 'Maersk',
      location: null,
      dispatchedAt: Date.parse('2025-03-12T18:31:00Z'),
    });
    const third = await admin.api.reports.gateIn({ query: { ...DAY, startIndex: 3, pageSize: 2 } });
    expect(numbers(third.entities)).toEqual([D]);
    expect(third.totalCount).toBe(3);
    const page = await admin.api.reports.gateIn({ query: { ...DAY, startIndex: 1, pageSize: 2 } });
    expect(numbers(page.entities)).toEqual([B, C]);
  });

  it('1.2 gate out: a departure at 00:01 in the yard falls on the next yard day', async () => {
    expect((await admin.api.reports.gateOut({ query: { from: '2025-03-12', to: '2025-03-12' } })).totalCount).toBe(0);
    const out = await admin.api.reports.gateOut({ query: { from: '2025-03-13', to: '2025-03-13' } });
    expect(out.entities).toEqual([expect.objectContaining({ containerNumber: B, dwellHours: 72 })]);
  });

  it('1.3 expired tags: past the 30-day lifetime, with the container that still carries it', async () => {
    const report = await admin.api.reports.expiredTags({ query: {} });
    expect(report.totalCount).toBe(1);
    expect(report.entities[0]).toMatchObject({
      tagId: '10000001',
      bindCount: 2,
      containerNumber: A,
      expiredAt: Date.parse('2025-01-31T00:00:00Z'),
    });
  });

  it('2.1 inventory: the boxes in the yard, by process, size, area and liner (All is -1)', async () => {
    const all = await admin.api.reports.inventory({ query: { processId: -1, sizeId: -1, areaId: -1, liner: -1 } });
    expect(numbers(all.entities)).toEqual([A, C, D, E]);
    expect(numbers((await admin.api.reports.inventory({ query: { areaId: ids.areaB! } })).entities)).toEqual([C]);
    expect((await admin.api.reports.inventory({ query: { areaId: ids.areaB! } })).entities[0]).toMatchObject({
      area: 'B',
    });
    expect(numbers((await admin.api.reports.inventory({ query: { sizeId: ids.s40! } })).entities)).toEqual([E]);
    expect(numbers((await admin.api.reports.inventory({ query: { processId: ids.importId! } })).entities)).toEqual([C]);
    const msc = await one<{ id: number }>(`select id from liner_infos where code = 'MSC'`);
    expect(numbers((await admin.api.reports.inventory({ query: { liner: msc.id } })).entities)).toEqual([A]);
  });

  it('2.2 container movement: the moves of the yard day, oldest first', async () => {
    const report = await admin.api.reports.containerMovements({ query: DAY });
    expect(report.entities.map((row) => [row.containerNumber, row.source, row.toLocation])).toEqual([
      [B, 'manual', 'A_1_1_1'],
      [C, 'gate', 'A_1_2_1'],
      [C, 'machine', 'B_1_1_1'],
    ]);
  });

  it('2.3 location statistics: placements per area by how, and the box whose location was never updated', async () => {
    const report = await admin.api.reports.locationStatistics({ query: DAY });
    expect(report.totalCount).toBe(6);
    const byArea = Object.fromEntries(report.entities.map((row) => [row.area ?? 'none', row]));
    expect(byArea.A).toMatchObject({ moves: 2, manualMoves: 1, gateMoves: 1, machineMoves: 0, containers: 2 });
    expect(byArea.B).toMatchObject({ moves: 1, machineMoves: 1, containers: 1 });
    expect(byArea.C).toMatchObject({ moves: 0 });
    expect(report.entities.at(-1)).toMatchObject({ areaId: null, notUpdated: 1 });
  });

  it('2.4 dwell time: each box of the day and the distribution over the aging buckets', async () => {
    const report = await admin.api.reports.dwellTime({ query: DAY });
    expect(report.entities.map((row) => [row.containerNumber, row.inYard])).toEqual([
      [B, false],
      [C, true],
      [D, true],
    ]);
    expect(report.entities[0]).toMatchObject({ dwellHours: 72, dwellDays: 3 });
    expect(report.buckets.map((bucket) => bucket.count)).toEqual([0, 1, 0, 0, 2]);
  });

  it('2.5 offloading location: where each box was first put, by whom, minutes after its gate-in', async () => {
    const report = await admin.api.reports.offloadingLocations({ query: DAY });
    expect(report.entities.map((row) => [row.containerNumber, row.location, row.source, row.minutesToOffload])).toEqual(
      [
        [B, 'A_1_1_1', 'manual', 29],
        [C, 'A_1_2_1', 'gate', 0],
        [D, null, null, null],
      ],
    );
    expect(report.entities[1]).toMatchObject({ trailerNumber: 'TR-1', offloadedBy: 'clerk' });
  });

  // The task dashboard's rollup and rule (contracts/src/rules/task-dashboard.ts): drops are
  // productive or waste; a task counts for the machine that completed it, else the one assigned
  // (9402, completed from the list, is RS-01's).
  it('3.1 machine movement summary: one machine, one row per yard day, not paged', async () => {
    const report = await admin.api.reports.machineMovementsSummary({
      query: { from: '2025-03-10', to: '2025-03-12', machineName: 'rs-01', pageSize: 1 },
    });
    expect(report.totalCount).toBe(3);
    expect(report.entities).toEqual([
      { day: '2025-03-10', picks: 2, drops: 1, tasksCompleted: 1, productiveMoves: 1, wasteMoves: 0 },
      { day: '2025-03-11', picks: 0, drops: 1, tasksCompleted: 1, productiveMoves: 0, wasteMoves: 1 },
      { day: '2025-03-12', picks: 0, drops: 0, tasksCompleted: 0, productiveMoves: 0, wasteMoves: 0 },
    ]);
    // The same rows the task dashboard counts for RS-01 on those days.
    const dashboard = await admin.api.taskDashboard.machines({
      query: { period: 'custom', from: '2025-03-10', to: '2025-03-12' },
    });
    expect(dashboard.machineMovements.find((entry) => entry.machine === 'RS-01')?.movements).toEqual([
      { date: '2025-03-10', productiveCount: 1, wasteCount: 0 },
      { date: '2025-03-11', productiveCount: 0, wasteCount: 1 },
    ]);
    // A machine nobody has: every day, nothing.
    const nobody = await admin.api.reports.machineMovementsSummary({
      query: { ...DAY, machineName: 'RS-99' },
    });
    expect(nobody.entities).toEqual([
      { day: '2025-03-10', picks: 0, drops: 0, tasksCompleted: 0, productiveMoves: 0, wasteMoves: 0 },
    ]);
    const refused = await outcome(admin.api.reports.machineMovementsSummary({ query: { ...DAY, machineName: 'All' } }));
    expect(refused).toMatchObject({ status: 400, body: { message: messages.reportChooseMachine } });
  });

  it('3.2 machine movement details: every machine (All) or one, with the task a drop completed', async () => {
    const all = await admin.api.reports.machineMovementsDetailed({ query: { ...DAY, machineName: 'All' } });
    expect(all.entities.map((row) => [row.id, row.machineName, row.kind, row.taskId])).toEqual([
      [9301, 'RS-01', 'pick', null],
      [9302, 'RS-01', 'drop', 9401],
      [9305, 'RS-02', 'drop', null],
      [9303, 'RS-01', 'pick', null],
    ]);
    const one = await admin.api.reports.machineMovementsDetailed({ query: { ...DAY, machineName: 'RS-02' } });
    expect(one.entities.map((row) => row.id)).toEqual([9305]);
  });

  it('3.3 machine breakdown summary: Break-Down periods cut to the range, per machine', async () => {
    const report = await admin.api.reports.machineBreakdown({ query: { ...DAY, machineName: 'All' } });
    expect(report.entities).toEqual([
      {
        machineId: 9201,
        machineName: 'RS-01',
        machineType: 'Reach-Stacker',
        breakdowns: 2,
        breakdownMinutes: 180,
        longestMinutes: 150,
        lastBreakdownAt: Date.parse('2025-03-10T18:00:00Z'),
        brokenDownNow: false,
      },
      expect.objectContaining({ machineName: 'RS-02', breakdowns: 0, breakdownMinutes: 0, lastBreakdownAt: null }),
    ]);
  });

  it('3.4 machine working status: one machine’s periods in the range, the first and last cut to it', async () => {
    const report = await admin.api.reports.machineWorkingStatus({ query: { ...DAY, machineName: 'RS-01' } });
    expect(report.entities.map((row) => [row.status, row.from, row.to, row.durationMinutes])).toEqual([
      ['Working', Date.parse('2025-03-09T18:30:00Z'), Date.parse('2025-03-10T06:00:00Z'), 690],
      ['Break-Down', Date.parse('2025-03-10T06:00:00Z'), Date.parse('2025-03-10T08:30:00Z'), 150],
      ['Working', Date.parse('2025-03-10T08:30:00Z'), Date.parse('2025-03-10T18:00:00Z'), 570],
      ['Break-Down', Date.parse('2025-03-10T18:00:00Z'), Date.parse('2025-03-10T18:30:00Z'), 30],
    ]);
    const refused = await outcome(admin.api.reports.machineWorkingStatus({ query: DAY }));
    expect(refused.status).toBe(400);
  });

  it('4.1 trailer report: container activities Loaded, vehicle activities Empty; trailer type and gate-in type', async () => {
    const all = await admin.api.reports.trailers({ query: { trailerType: 'All', gateInType: 'All' } });
    expect(all.entities.map((row) => [row.trailerNumber, row.activityType])).toEqual([
      ['TR-1', 'Loaded'],
      ['TR-2', 'Empty'],
      ['TR-3', 'Empty'],
    ]);
    expect(all.entities[0]).toMatchObject({ minutesInYard: 45, containerNumbers: [C] });
    const drop = await admin.api.reports.trailers({ query: { trailerType: 'Drop' } });
    expect(drop.entities.map((row) => row.trailerNumber)).toEqual(['TR-2']);
    const imports = await admin.api.reports.trailers({ query: { gateInType: 'Import' } });
    expect(imports.entities.map((row) => row.trailerNumber)).toEqual(['TR-1', 'TR-3']);
    const day = await admin.api.reports.trailers({ query: DAY });
    expect(day.entities.map((row) => row.trailerNumber)).toEqual(['TR-1', 'TR-2']);
    const loaded = await admin.api.reports.loadedTrailers({ query: {} });
    expect(loaded.entities.map((row) => row.trailerNumber)).toEqual(['TR-1']);
  });

  it('5 alarm report: alarms raised within the range, with how long they lasted', async () => {
    const report = await admin.api.reports.alarms({ query: DAY });
    expect(report.entities).toEqual([
      expect.objectContaining({ sourceName: 'RS-01', kind: 'machineBreakdown', durationMinutes: 10 }),
    ]);
  });
});

describe('report dates (spec 2 §5)', () => {
  it('answers the spec’s messages for a missing or backwards range', async () => {
    const missingFrom = await outcome(admin.api.reports.gateIn({ query: { to: '2025-03-10' } }));
    expect(missingFrom).toMatchObject({ status: 400, body: { message: 'Choose from date', field: 'from' } });
    const missingTo = await outcome(admin.api.reports.containerMovements({ query: { from: '2025-03-10' } }));
    expect(missingTo).toMatchObject({ status: 400, body: { message: 'Choose to date', field: 'to' } });
    const backwards = await outcome(admin.api.reports.alarms({ query: { from: '2025-03-11', to: '2025-03-10' } }));
    expect(backwards).toMatchObject({ status: 400, body: { message: 'Invalid date range selection' } });
  });
});

describe('alarms from the domain events', () => {
  it('raises a machine’s Break-Down when it is saved so, clears it when it works again, and keeps its status history', async () => {
    const { machine } = await admin.api.machines.save({
      body: { machineName: 'RS-09', machineType: 'Reach-Stacker', machineStatus: 'Break-Down' },
    });
    const open = await eventually(async () => {
      const page = await admin.api.reports.openAlarms({ query: {} });
      return page.entities.find((alarm) => alarm.sourceId === machine.id) ?? null;
    });
    expect(open).toMatchObject({
      kind: 'machineBreakdown',
      severity: 'critical',
      sourceName: 'RS-09',
      clearedAt: null,
    });
    // Every open alarm counted by severity, whatever page is asked for.
    const firstOnly = await admin.api.reports.openAlarms({ query: { pageSize: 1 } });
    expect(firstOnly.entities).toHaveLength(1);
    expect(firstOnly.bySeverity.critical).toBeGreaterThanOrEqual(1);
    expect(firstOnly.bySeverity.critical + firstOnly.bySeverity.warning).toBe(firstOnly.totalCount);
    const criticalBefore = firstOnly.bySeverity.critical;
    await admin.api.machines.save({
      body: { id: machine.id, machineName: 'RS-09', machineType: 'Reach-Stacker', machineStatus: 'Working' },
    });
    await eventually(async () => {
      const page = await admin.api.reports.openAlarms({ query: {} });
      return !page.entities.some((alarm) => alarm.sourceId === machine.id);
    });
    expect((await admin.api.reports.openAlarms({ query: {} })).bySeverity.critical).toBe(criticalBefore - 1);
    const history = await t.db.execute(
      sql`select status from machine_status_changes where machine_id = ${machine.id} order by id`,
    );
    const statuses = (
      (Array.isArray(history) ? history : (history as { rows: unknown[] }).rows) as { status: string }[]
    ).map((row) => row.status);
    expect(statuses).toEqual(['Break-Down', 'Working']);
    // Saving it again unchanged records no change.
    await admin.api.machines.save({
      body: { id: machine.id, machineName: 'RS-09', machineType: 'Reach-Stacker', machineStatus: 'Working' },
    });
    const again = await one<{ n: number }>(
      `select count(*)::int as n from machine_status_changes where machine_id = ${machine.id}`,
    );
    expect(again.n).toBe(2);
  });
});

describe('the totals kept as day counts', () => {
  it('stay what a count of the rows gives through inserts, updates, voids and deletes (triggers on)', async () => {
    // A second history, in May, written with the triggers on (as the product writes), across the
    // yard's midnight (+05:30: 18:30 UTC).
    const run = (text: string) => t.db.execute(sql.raw(text));
    const number = (n: number) => `MAYU${String(n).padStart(6, '0')}${n % 10}`;
    await run(`insert into containers (id, container_number, size_id, gate_in_at, dispatched_at) values
      (9501, '${number(1)}', ${ids.s20}, '2025-04-30T18:29:00Z', '2025-05-02T10:00:00Z'),
      (9502, '${number(2)}', ${ids.s20}, '2025-04-30T18:31:00Z', '2025-05-20T10:00:00Z'),
      (9503, '${number(3)}', ${ids.s20}, '2025-05-01T09:00:00Z', null),
      (9504, '${number(4)}', ${ids.s20}, '2025-05-02T18:29:00Z', null),
      (9505, '${number(5)}', ${ids.s20}, '2025-05-02T18:31:00Z', '2025-08-01T00:00:00Z')`);
    await run(`update containers set dispatched_at = '2025-05-03T12:00:00Z' where id = 9503`);
    await run(`update containers set voided_at = now(), voided_by = 'test' where id = 9504`);
    await run(`update containers set gate_in_at = '2025-05-01T19:00:00Z' where id = 9502`);
    await run(`insert into container_movements (container_id, container_number, from_location, to_location, source, moved_at)
      select 9501, '${number(1)}', null, null, 'manual', ts
      from generate_series('2025-04-30T18:00:00Z'::timestamptz, '2025-05-03T19:00:00Z', interval '50 minutes') ts`);
    await run(`insert into machine_events (id, machine_id, kind, container_number, message_id, occurred_at)
      select 9600 + g, case when g % 3 = 0 then 9202 else 9201 end, 'drop', '${number(1)}', 'may-' || g,
        '2025-04-30T18:00:00Z'::timestamptz + g * interval '37 minutes'
      from generate_series(1, 120) g`);
    await run(`delete from machine_events where id between 9650 and 9659`);
    await run(`insert into trailers (id, trailer_number, trailer_type, type, activity_group, container_numbers, entry_at) values
      (9701, 'MAY-1', 'Drop', 'Import', 'CONTAINER GATE-IN', '{}', '2025-04-30T18:31:00Z'),
      (9702, 'MAY-2', 'Pickup', 'Import', 'VEHICLE GATE-IN', '{}', '2025-05-01T05:00:00Z'),
      (9703, 'MAY-3', 'Drop', 'Export', 'CONTAINER GATE-IN', '{}', '2025-05-03T18:29:00Z')`);
    await run(`update trailers set type = 'Export' where id = 9702`);
    await run(`delete from trailers where id = 9703`);

    const MAY = { from: '2025-05-01', to: '2025-05-03' } as const;
    const [from, to] = ['2025-04-30T18:30:00Z', '2025-05-03T18:30:00Z'];
    const count = async (text: string) => (await one<{ n: number }>(text)).n;
    const inRange = (column: string) => `${column} >= '${from}' and ${column} < '${to}'`;
    expect((await admin.api.reports.gateIn({ query: MAY })).totalCount).toBe(
      await count(
        `select count(*)::int as n from containers where voided_at is null and not planned and ${inRange('gate_in_at')}`,
      ),
    );
    expect((await admin.api.reports.gateOut({ query: MAY })).totalCount).toBe(
      await count(
        `select count(*)::int as n from containers where voided_at is null and not planned and ${inRange('dispatched_at')}`,
      ),
    );
    expect((await admin.api.reports.containerMovements({ query: MAY })).totalCount).toBe(
      await count(`select count(*)::int as n from container_movements where ${inRange('moved_at')}`),
    );
    expect(
      (await admin.api.reports.machineMovementsDetailed({ query: { ...MAY, machineName: 'All' } })).totalCount,
    ).toBe(await count(`select count(*)::int as n from machine_events where ${inRange('occurred_at')}`));
    expect(
      (await admin.api.reports.machineMovementsDetailed({ query: { ...MAY, machineName: 'RS-02' } })).totalCount,
    ).toBe(
      await count(
        `select count(*)::int as n from machine_events where machine_id = 9202 and ${inRange('occurred_at')}`,
      ),
    );
    expect((await admin.api.reports.trailers({ query: { ...MAY, gateInType: 'Export' } })).totalCount).toBe(
      await count(`select count(*)::int as n from trailers where type = 'Export' and ${inRange('entry_at')}`),
    );
    expect((await admin.api.reports.loadedTrailers({ query: MAY })).totalCount).toBe(
      await count(
        `select count(*)::int as n from trailers where activity_group = 'CONTAINER GATE-IN' and ${inRange('entry_at')}`,
      ),
    );
    // The dwell distribution: 9501 (1-3 days → 0-3), 9502 (18 days → 15-30), 9503 dispatched on the 3rd
    // (2 days → 0-3), 9505 (90 days → over 60); 9504 voided.
    const dwellBuckets = async () => {
      const direct = await t.db.execute(
        sql.raw(`select floor(extract(epoch from coalesce(dispatched_at, now()) - gate_in_at) / 86400)::int as days
          from containers where voided_at is null and not planned and ${inRange('gate_in_at')}`),
      );
      return DWELL_BUCKETS.map(
        (bucket) =>
          rowsOf<{ days: number }>(direct).filter(
            (row) => row.days >= bucket.fromDays && (bucket.toDays === null || row.days < bucket.toDays),
          ).length,
      );
    };
    const dwell = await admin.api.reports.dwellTime({ query: MAY });
    const expected = await dwellBuckets();
    expect(dwell.buckets.map((bucket) => bucket.count)).toEqual(expected);
    expect(expected.reduce((sum, n) => sum + n, 0)).toBe(dwell.totalCount);
    // The dispatched part is kept by range and inventory version: a dispatch moved (9505: 90 → 10
    // days) and one taken back into the yard (9502: now over 60 days) show at the next call.
    await run(`update containers set dispatched_at = '2025-05-12T19:00:00Z' where id = 9505`);
    await run(`update containers set dispatched_at = null where id = 9502`);
    const changed = await dwellBuckets();
    expect(changed).not.toEqual(expected);
    expect((await admin.api.reports.dwellTime({ query: MAY })).buckets.map((bucket) => bucket.count)).toEqual(changed);
    await run(`update containers set dispatched_at = '2025-05-20T10:00:00Z' where id = 9502`);
    // The day counts cap a dwell at 366 days, above the last bucket's start.
    expect(Math.max(...DWELL_BUCKETS.map((bucket) => bucket.toDays ?? bucket.fromDays))).toBeLessThan(366);
  });
});

describe('movement-alert alarms', () => {
  it('raises one when a container under an alert moves in the yard, and clears it when the alert is lifted', async () => {
    const box = await addContainer(t, admin.auth, { location: 'C_6_20_1' });
    await admin.api.containers.updateMovementAlert({ body: { containerIds: [box.id], movementAlert: true } });
    await admin.api.inventory.updateLocation({
      body: [{ containerId: box.id, number: box.containerNumber, newLocation: 'C_6_21_1' }],
    });
    const open = await eventually(async () => {
      const page = await admin.api.reports.openAlarms({ query: {} });
      return page.entities.find((alarm) => alarm.kind === 'movementAlert' && alarm.sourceId === box.id) ?? null;
    });
    expect(open).toMatchObject({ severity: 'warning', sourceName: box.containerNumber, clearedAt: null });
    // The alert lifted (the container stays where it is): the alarm is over.
    await admin.api.containers.updateMovementAlert({ body: { containerIds: [box.id], movementAlert: false } });
    await eventually(async () => {
      const page = await admin.api.reports.openAlarms({ query: {} });
      return !page.entities.some((alarm) => alarm.kind === 'movementAlert' && alarm.sourceId === box.id);
    });
  });
});

describe('exports (one per report, read back)', () => {
  const queries: Record<string, ReportQuery> = {
    gateIn: DAY,
    gateOut: { from: '2025-03-13', to: '2025-03-13' },
    expiredTags: {},
    inventory: {},
    containerMovements: DAY,
    locationStatistics: DAY,
    dwellTime: DAY,
    offloadingLocations: DAY,
    machineMovementsSummary: { from: '2025-03-10', to: '2025-03-11', machineName: 'RS-01' },
    machineMovementsDetailed: DAY,
    machineBreakdown: DAY,
    machineWorkingStatus: { ...DAY, machineName: 'RS-01' },
    trailers: {},
    alarms: DAY,
  };

  it.each(REPORT_TYPES.map((type) => [type.id, type.key] as const))(
    '%s writes the rows the list shows, headed by its columns',
    async (_id, key) => {
      const query = queries[key]!;
      const listRoute = routes.reports[key];
      expect(listRoute.path).toContain('/rest/enterprise/reports/');
      const list = (await admin.api.reports[key]({ query: { ...query, pageSize: 1000 } })) as {
        entities: unknown[];
        totalCount: number;
      };
      const exportCall = admin.api.reports[`${key}Export`] as (input: {
        query: ReportQuery & { format?: 'xlsx' };
      }) => Promise<{ filePath: string }>;
      const { filePath } = await exportCall({ query: { ...query, startIndex: 1, pageSize: 1000 } });
      const [, , , token, fileName] = filePath.split('/');
      expect(fileName).toMatch(/\.xlsx$/);
      const bytes = await admin.api.exports.download({ params: { token: token!, fileName: fileName! } });
      const { default: ExcelJS } = await import('exceljs');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes);
      const sheet = book.worksheets[0]!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(
        REPORT_COLUMNS[key].map((column) => column.header),
      );
      expect(sheet.actualRowCount - 1).toBe(list.entities.length);
      expect(list.entities.length).toBeGreaterThan(0);
      // A column the list answers by a rule of its own (the trailer's activity type from its group)
      // is written as the list shows it.
      if (key === 'trailers') {
        const activity = 1 + REPORT_COLUMNS.trailers.findIndex((column) => column.key === 'activityType');
        const written = list.entities.map((_, index) => sheet.getRow(index + 2).getCell(activity).value);
        expect(written).toEqual(list.entities.map((row) => (row as { activityType: string | null }).activityType));
        expect(written).toContain('Loaded');
      }
    },
  );

  it('writes the yard’s clock in the gate-in export, and a csv on request', async () => {
    const { filePath } = await admin.api.reports.gateInExport({ query: { ...DAY, format: 'xlsx' } });
    const [, , , token, fileName] = filePath.split('/');
    const bytes = await admin.api.exports.download({ params: { token: token!, fileName: fileName! } });
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes);
    // B came at 18:31Z: 00:01 on the yard's clock.
    expect(book.worksheets[0]!.getRow(2).getCell(1).text).toBe('2025-03-10 00:01');
    expect(book.worksheets[0]!.getRow(2).getCell(2).text).toBe(B);
    const csv = await admin.api.reports.containerMovementsExport({ query: { ...DAY, format: 'csv', pageSize: 2 } });
    const [, , , csvToken, csvName] = csv.filePath.split('/');
    const text = new TextDecoder().decode(
      await admin.api.exports.download({ params: { token: csvToken!, fileName: csvName! } }),
    );
    expect(text.trim().split('\r\n')).toHaveLength(3);
  });
});

describe('access', () => {
  it('refuses the reports and their exports to a user without reportsVisible', async () => {
    const plain = await createUserWithPermissions(t, admin.auth, 'no-reports', { containersVisible: true });
    expect((await outcome(plain.api.reports.gateIn({ query: DAY }))).status).toBe(403);
    expect((await outcome(plain.api.reports.alarmsExport({ query: DAY }))).status).toBe(403);
    const reader = await createUserWithPermissions(t, admin.auth, 'reports-only', { reportsVisible: true });
    expect((await reader.api.reports.gateIn({ query: DAY })).totalCount).toBe(3);
    expect((await reader.api.reports.openAlarms({ query: {} })).totalCount).toBeGreaterThanOrEqual(0);
  });
});

// A page past the first of a report ordered by a time and an id starts after the row before it,
// found by a statement of the keys alone (reports.repository.ts, keyedStatement): a page is the
// slice of what one read of the whole report answers, through ties on the time (7 rows a minute,
// their ids not in the order they were written), the range's first instant, the last partial page
// and past the end.
describe('deep pages (issue 18)', () => {
  const DEEP_DAY = { from: '2025-07-10', to: '2025-07-10' } as const;
  type Row = Record<string, unknown>;

  // The rows from every start among the first two pages, the third's first, the last page's and
  // past the end, each a page of 15 (through the service: the route adds nothing to a page).
  async function pagesAgree(key: ReportKey, query: ReportQuery): Promise<Row[]> {
    const read = async (window: ReportQuery) =>
      (await t.services.reports.report(key, { ...query, ...window })).entities as unknown as Row[];
    const whole = await read({ pageSize: 1000 });
    expect(whole.length, key).toBeGreaterThan(15);
    const last = whole.length;
    const offsets = new Set([
      ...Array(17).keys(),
      29,
      30,
      31,
      last - 16,
      last - 15,
      last - 14,
      last - 1,
      last,
      last + 1,
      last + 100,
    ]);
    for (const offset of offsets) {
      if (offset < 0) continue;
      const page = await read({ startIndex: offset + 1, pageSize: 15 });
      expect(page, `${key} from row ${offset + 1}`).toEqual(whole.slice(offset, offset + 15));
    }
    return whole;
  }

  it('are the rows a read of the whole report gives, the archive views too', async () => {
    const start = `'2025-07-09T18:30:00Z'::timestamptz`;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const run = (text: string) => tx.execute(sql.raw(text));
      // 56 visits, 7 a minute from the yard day's first instant; one more at its end (not in it).
      // The odd ones left on 07-11, 5 a minute; the even ones, Maersk's, are in the yard, every
      // third with a tag first used in January (expired).
      await run(`insert into containers (id, container_number, size_id, rfid_tag_id, gate_in_at, dispatched_at)
        select 96000 + n, case when n % 2 = 0 then 'MAEU7' else 'CMAU7' end || lpad(n::text, 6, '0'), ${ids.s20},
          case when n % 6 = 0 then 'DEEP' || n end,
          case when n = 57 then ${start} + interval '1 day' else ${start} + ((n * 5) % 8) * interval '1 minute' end,
          case when n % 2 = 1 then '2025-07-11T00:00:00Z'::timestamptz + ((n * 3) % 5) * interval '1 minute' end
        from generate_series(1, 57) n`);
      await run(`insert into rfid_tags (tag_id, first_used_at, last_bound_at, bind_count)
        select 'DEEP' || n, '2025-01-02T00:00:00Z'::timestamptz + ((n * 3) % 5) * interval '1 minute', now(), 1
        from generate_series(1, 40) n`);
      await run(`insert into container_movements (container_id, container_number, source, moved_at)
        select id, container_number, 'gate', gate_in_at from containers where id between 96001 and 96057`);
      await run(`insert into trailers (id, trailer_number, type, activity_group, container_numbers, entry_at)
        select 96100 + n, 'DEEP-' || n, case when n % 3 = 0 then 'Export' else 'Import' end, 'VEHICLE GATE-IN', '{}',
          ${start} + ((n * 3) % 6) * interval '1 minute'
        from generate_series(1, 50) n`);
      await run(`insert into machines (id, machine_name, machine_type, machine_status, secret_hash) values
        (9801, 'DP-1', 'Reach-Stacker', 'Working', 'x'), (9802, 'DP-2', 'Reach-Stacker', 'Working', 'x')`);
      await run(`insert into machine_events (id, machine_id, kind, container_number, message_id, occurred_at)
        select 98000 + n, 9801 + n % 2, 'drop', 'MAEU7000002', 'deep-' || n, ${start} + ((n * 7) % 10) * interval '1 minute'
        from generate_series(1, 70) n`);
      await run(`insert into tasks (container_id, container_number, task_type, source, generated_at, completed_at,
          assigned_to_machine, completed_by_machine, completed_by_event_id)
        select 96002, 'MAEU7000002', 'Grounding', 'user', ${start}, ${start}, 'DP-1', 'DP-1', 98000 + n
        from generate_series(4, 70, 4) n`);
      await run(`insert into alarms (kind, severity, source_kind, source_id, source_name, message, raised_at, cleared_at)
        select 'readerDown', 'critical', 'reader', 9900 + n, 'R' || n, 'down', ${start} + ((n * 2) % 5) * interval '1 minute',
          ${start} + interval '1 hour'
        from generate_series(1, 40) n`);
      // Visits an archive run moved, on the same minutes, with their movements (read only when a
      // run's cut-off is after the range's start).
      await run(`insert into archive.containers (id, container_number, size_id, hazardous, movement_alert, planned,
          gate_in_at, dispatched_at, created_at, updated_at, archive_run_id)
        select 96200 + n, 'ARCU7' || lpad(n::text, 6, '0'), ${ids.s20}, false, false, false,
          ${start} + ((n * 3) % 8) * interval '1 minute', '2025-07-11T00:00:00Z'::timestamptz + (n % 5) * interval '1 minute',
          now(), now(), 1
        from generate_series(1, 24) n`);
      await run(`insert into archive.container_movements (id, container_id, container_number, source, moved_at)
        select 960000 + id, id, container_number, 'gate', gate_in_at from archive.containers where id > 96200`);
    });
    const maersk = await one<{ id: number }>(`select liner_id as id from liner_prefixes where prefix = 'MAEU'`);
    const queries: [ReportKey, ReportQuery][] = [
      ['gateIn', DEEP_DAY],
      ['gateOut', { from: '2025-07-11', to: '2025-07-11' }],
      ['expiredTags', {}],
      ['inventory', { liner: maersk.id }],
      ['containerMovements', DEEP_DAY],
      ['dwellTime', DEEP_DAY],
      ['offloadingLocations', DEEP_DAY],
      ['machineMovementsDetailed', { ...DEEP_DAY, machineName: 'All' }],
      ['machineMovementsDetailed', { ...DEEP_DAY, machineName: 'DP-1' }],
      ['trailers', { ...DEEP_DAY, gateInType: 'Import' }],
      ['alarms', DEEP_DAY],
    ];
    const gateIns = await pagesAgree('gateIn', DEEP_DAY);
    expect(gateIns).toHaveLength(56);
    // Ties: 7 visits at the range's first instant, in the order of their ids.
    expect(gateIns.slice(0, 7).map((row) => row.gateInAt)).toEqual(
      gateIns.slice(0, 7).map(() => Date.parse('2025-07-09T18:30:00Z')),
    );
    expect(gateIns.slice(0, 7).map((row) => row.containerId)).toEqual([
      96008, 96016, 96024, 96032, 96040, 96048, 96056,
    ]);
    for (const [key, query] of queries.slice(1)) await pagesAgree(key, query);

    // The same over the archive views: an archive run whose cut-off is after the range.
    await t.db.execute(sql`insert into archive_runs (id, cutoff_date, cutoff_at, status, requested_by, containers)
      values (9999, '2100-01-01', '2100-01-01T00:00:00Z', 'done', 'test', 24)`);
    try {
      expect(await archiveRepository.reachesArchive(t.db, new Date('2025-07-09T18:30:00Z'))).toBe(true);
      const withArchived = await pagesAgree('gateIn', DEEP_DAY);
      expect(withArchived).toHaveLength(56 + 24);
      expect(withArchived.map((row) => String(row.containerNumber)).filter((n) => n.startsWith('ARCU'))).toHaveLength(
        24,
      );
      for (const key of [
        'gateOut',
        'containerMovements',
        'dwellTime',
        'offloadingLocations',
        'machineMovementsDetailed',
        'trailers',
      ] as const)
        for (const [, query] of queries.filter(([other]) => other === key)) await pagesAgree(key, query);
    } finally {
      await t.db.execute(sql`delete from archive_runs where id = 9999`);
    }
  });
});
