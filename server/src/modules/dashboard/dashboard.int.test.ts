import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  shiftYardDay,
  yardDayOf,
  yardDayStart,
  yardMonthOf,
  yardMonthsEndingAt,
  type DashboardLayout,
} from '@openyard/contracts';
import { containers, customers, machines, tasks, trailers } from '../../db/schema';
import { outcome } from '../../test/api-client';
import { freeGroundSlots, singleGateIn } from '../../test/gate-fixtures';
import { connectLive, listenOnLoopback } from '../../test/live-socket';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer } from '../../test/yard-fixtures';

// The dashboard on a small history whose figures are counted by hand, in a yard five and a half
// hours east of UTC: a yard day starts at 18:30 UTC the day before, so a gate-in a minute after the
// yard's midnight on the first of the month is in the previous month by UTC and in this one here.
const ZONE = 'Asia/Kolkata';
const DAY_MS = 86_400_000;

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: ZONE, TRAILER_TAT_LIMIT_MINUTES: '60' } });
  admin = await t.login('superadmin');
});
afterAll(() => t.close());

// The current yard month, the one before, and the instant the current one began.
const now = Date.now();
const thisMonth = yardMonthOf(now, ZONE);
const [lastMonth] = yardMonthsEndingAt(thisMonth, 2) as [string, string];
const monthStart = yardDayStart(`${thisMonth}-01`, ZONE);
const lastDayOfLastMonth = shiftYardDay(`${thisMonth}-01`, { days: -1 });

async function setTimes(id: number, values: { gateInAt?: Date; dispatchedAt?: Date }) {
  await t.db.update(containers).set(values).where(eq(containers.id, id));
}

const monthOf = (report: { months: { id: string; gateIn: number; gateOut: number }[] }, id: string) =>
  report.months.find((month) => month.id === id);

describe('dashboard figures', () => {
  // What the tests below add up to, kept as they go (each test adds its own containers).
  const ids: Record<string, number> = {};

  it('counts gate-ins and gate-outs by yard month and day, across the month boundary of the yard zone', async () => {
    const [c1, c2, c3, c4] = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const [slot] = await freeGroundSlots(t, 1);
        return addContainer(t, admin.auth, { location: slot! });
      }),
    );
    Object.assign(ids, { c1: c1!.id, c2: c2!.id, c3: c3!.id, c4: c4!.id });
    // c1 a minute before the yard's month began (last month), c2 and c3 a minute after (this month,
    // though by UTC still last month); c3 left two hours later; c4 was voided (counts nowhere).
    await setTimes(c1!.id, { gateInAt: new Date(monthStart - 60_000) });
    await setTimes(c2!.id, { gateInAt: new Date(monthStart + 60_000) });
    await setTimes(c3!.id, { gateInAt: new Date(monthStart + 60_000) });
    await admin.api.gateOperations.dispatch({
      query: { containerNumber: c3!.containerNumber, trailerNumber: 'MH01AB1234', dispatchTime: Date.now() },
    });
    await setTimes(c3!.id, { dispatchedAt: new Date(monthStart + 2 * 3_600_000) });
    await admin.api.containers.delete({ params: { n: String(c4!.id) } });

    const report = await admin.api.enterpriseDashboard.gateInReport();
    expect(report.months).toHaveLength(12);
    expect(report.months.at(-1)!.id).toBe(thisMonth);
    expect(monthOf(report, lastMonth)).toEqual({ id: lastMonth, gateIn: 1, gateOut: 0 });
    expect(monthOf(report, thisMonth)).toEqual({ id: thisMonth, gateIn: 2, gateOut: 1 });
    expect(report.months.slice(0, 10).every((month) => month.gateIn === 0 && month.gateOut === 0)).toBe(true);

    // Drill-down: the last day of last month, and the first of this one.
    const before = await admin.api.enterpriseDashboard.gateInReportMonth({ params: { id: lastMonth } });
    expect(before.days.at(-1)).toEqual({ day: lastDayOfLastMonth, gateIn: 1, gateOut: 0 });
    expect(before.days.reduce((sum, day) => sum + day.gateIn + day.gateOut, 0)).toBe(1);
    const current = await admin.api.enterpriseDashboard.gateInReportMonth({ params: { id: thisMonth } });
    expect(current.days[0]).toEqual({ day: `${thisMonth}-01`, gateIn: 2, gateOut: 1 });
    expect(current.days.reduce((sum, day) => sum + day.gateIn, 0)).toBe(2);

    // A month that is no month is refused by the schema.
    expect((await outcome(admin.api.enterpriseDashboard.gateInReportMonth({ params: { id: '2026-13' } }))).status).toBe(
      400,
    );
  });

  it('cuts the rollups again when the server runs in another zone than they were cut in', async () => {
    // As a server started in UTC would have left them: c2 and c3 fall in last month by UTC.
    await t.db.execute(sql`select dashboard_rollups_cut('UTC')`);
    const utcReport = await admin.api.enterpriseDashboard.gateInReport();
    // The server prepared its rollups once, at its first read: UTC figures are read until it starts again.
    expect(monthOf(utcReport, lastMonth)!.gateIn).toBe(3);
    // A new service in the yard's zone (as at the next start) cuts them again.
    const { createDashboardService } = await import('./dashboard.service');
    const restarted = createDashboardService(t.db, {
      timeZone: ZONE,
      trailerTatLimitMinutes: 60,
      taskDashboard: t.services.taskDashboard,
    });
    const report = await restarted.gateInReport();
    expect(monthOf(report, lastMonth)).toEqual({ id: lastMonth, gateIn: 1, gateOut: 0 });
    expect(monthOf(report, thisMonth)).toEqual({ id: thisMonth, gateIn: 2, gateOut: 1 });
    expect(monthOf(await admin.api.enterpriseDashboard.gateInReport(), thisMonth)!.gateIn).toBe(2);
  });

  it('gives the yard as it stands: containers and TEUs per area, empty slots, by customer, by age', async () => {
    // A 40 ft box on a merged pair of A (two positions, two TEUs) with a customer.
    const forty = await addContainer(t, admin.auth, { sizeName: '40', location: 'A_1_19_1' });
    const [customer] = await t.db.select().from(customers).where(eq(customers.code, 'KAE'));
    await t.db
      .update(containers)
      .set({ customerId: customer!.id })
      .where(inArray(containers.id, [forty.id, ids.c1!]));

    const areas = await admin.api.enterpriseDashboard.areaContainers();
    expect(areas.entities.map((row) => row.area)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(areas.entities.find((row) => row.area === 'A')).toEqual({ area: 'A', containers: 1, teus: 2 });
    expect(areas.entities.find((row) => row.area === 'C')).toEqual({ area: 'C', containers: 2, teus: 2 });

    const empty = await admin.api.enterpriseDashboard.emptySlots();
    // A: 8 rows × 30 columns × 5 tiers; C: 6 × 24 × 4.
    expect(empty.entities.find((row) => row.area === 'A')).toEqual({
      area: 'A',
      capacity: 1200,
      occupied: 2,
      empty: 1198,
    });
    expect(empty.entities.find((row) => row.area === 'C')).toEqual({
      area: 'C',
      capacity: 576,
      occupied: 2,
      empty: 574,
    });

    const byCustomer = await admin.api.enterpriseDashboard.processContainers({ query: { groupBy: 'customer' } });
    expect(byCustomer.entities).toEqual([
      { name: 'Konkan Agro Exports', containers: 2 },
      { name: 'None', containers: 1 },
    ]);

    // Ages: c1 and c2 are days old depending on today; they are given ages here (0, 3, 14, 15 and 60
    // yard days) with the 40 ft box (2 days).
    const at = (days: number) =>
      new Date(yardDayStart(shiftYardDay(yardDayOf(Date.now(), ZONE), { days: -days }), ZONE) + 3_600_000);
    await setTimes(ids.c1!, { gateInAt: at(14) });
    await setTimes(ids.c2!, { gateInAt: at(60) });
    await setTimes(forty.id, { gateInAt: at(2) });
    const extra = await addContainer(t, admin.auth, { location: (await freeGroundSlots(t, 1))[0]! });
    await setTimes(extra.id, { gateInAt: at(15) });
    const aging = await admin.api.enterpriseDashboard.ageWiseContainers();
    expect(aging.entities).toEqual([
      { bucket: '3-15', containers: 1 },
      { bucket: '15-30', containers: 1 },
      { bucket: '30-60', containers: 0 },
      { bucket: 'over-60', containers: 1 },
    ]);
    expect(aging.younger).toBe(1);
    // The same figures are kept until the yard changes: a move is seen at once.
    expect(await admin.api.enterpriseDashboard.ageWiseContainers()).toMatchObject({ entities: aging.entities });
    await admin.api.containers.delete({ params: { n: String(extra.id) } });
    expect((await admin.api.enterpriseDashboard.ageWiseContainers()).entities[1]).toEqual({
      bucket: '15-30',
      containers: 0,
    });
  });

  // The machine widget's moves are the task dashboard's (contracts/src/rules/task-dashboard.ts): a
  // machine's drops, productive or waste, a drop the yard model refused included; a location change
  // recorded as a machine's without a drop (the monthly widget's "by machine") is none of them.
  it('counts moves by machine and by hand per month, and per machine its drops and tasks of the last days', async () => {
    const [machine] = await t.db
      .insert(machines)
      .values({ machineName: 'RS-DASH', machineType: 'Reach Stacker', secretHash: 'unusable' })
      .returning();
    const [slotA, slotB, slotC] = await freeGroundSlots(t, 3);
    const box = await addContainer(t, admin.auth, { location: slotA! });
    await t.services.inventory.move([{ containerId: box.id, newLocation: slotB! }], {
      username: null,
      source: 'machine',
      device: machine!.machineName,
    });
    await t.services.inventory.move([{ containerId: box.id, newLocation: slotC! }], {
      username: 'superadmin',
      source: 'manual',
    });
    const movements = await admin.api.enterpriseDashboard.monthlyMovements();
    expect(movements.months.at(-1)).toEqual({ id: thisMonth, byMachine: 1, byHand: 1, total: 2 });
    // The machine picks a box and drops one the yard does not know: a refused drop, a waste move
    // (and a yard exception); the pick is no move.
    const device = (kind: 'pick' | 'drop', messageId: string) =>
      t.services.deviceMessages.processBatch([
        {
          kind: 'machineEvent',
          machineId: machine!.id,
          topic: `yard/machines/${machine!.id}/event`,
          payload: { messageId, timestamp: Date.now(), kind, containerNumber: 'ZZZU0000000', height: 1 },
        },
      ]);
    await device('pick', 'dash-pick');
    await device('drop', 'dash-drop');
    // Counted in the drop's transaction: the widget asked at once has it.
    expect(
      (await admin.api.enterpriseDashboard.machineTasks()).entities.find((row) => row.machine === 'RS-DASH'),
    ).toEqual({ machine: 'RS-DASH', moves: 1, completedTasks: 0, openTasks: 0 });

    const today = yardDayOf(Date.now(), ZONE);
    const yesterdayEvening = new Date(yardDayStart(today, ZONE) - 60_000);
    const generatedAt = new Date(yardDayStart(today, ZONE) - DAY_MS);
    const task = (values: Partial<typeof tasks.$inferInsert>) => ({
      containerNumber: box.containerNumber,
      taskType: 'Grounding',
      source: 'user' as const,
      generatedAt,
      ...values,
    });
    await t.db
      .insert(tasks)
      .values([
        task({ assignedToMachine: 'RS-DASH', completedAt: new Date(), completedByMachine: 'RS-DASH' }),
        task({ assignedToMachine: 'RS-OTHER', completedAt: new Date() }),
        task({ assignedToMachine: 'RS-DASH', completedAt: yesterdayEvening, completedByMachine: 'RS-DASH' }),
        task({ assignedToMachine: 'RS-DASH' }),
      ]);
    // The tasks went in as rows, past the tasks service that keeps the rollup (as a history the
    // rollup was not built from): forgetting what it was built for makes the widget's next read
    // build it again from the history first.
    await t.db.execute(sql`delete from machine_day_stats_builds`);
    const todayOnly = await admin.api.enterpriseDashboard.machineTasks();
    expect(todayOnly).toMatchObject({ from: today, to: today });
    expect(todayOnly.entities.find((row) => row.machine === 'RS-DASH')).toEqual({
      machine: 'RS-DASH',
      moves: 1,
      completedTasks: 1,
      openTasks: 1,
    });
    expect(todayOnly.entities.find((row) => row.machine === 'RS-OTHER')).toEqual({
      machine: 'RS-OTHER',
      moves: 0,
      completedTasks: 1,
      openTasks: 0,
    });
    const twoDays = await admin.api.enterpriseDashboard.machineTasks({ query: { days: 2 } });
    expect(twoDays.from).toBe(shiftYardDay(today, { days: -1 }));
    expect(twoDays.entities.find((row) => row.machine === 'RS-DASH')).toMatchObject({ completedTasks: 2 });
  });

  it('lists the trailers inside the yard with their turn-around violations (limit 60 minutes here)', async () => {
    await t.db
      .update(trailers)
      .set({ outAt: new Date() })
      .where(sql`${trailers.outAt} is null`);
    await t.db.insert(trailers).values([
      {
        trailerNumber: 'MH01OLD',
        type: 'Import',
        trailerType: 'Drop',
        activityGroup: 'VEHICLE GATE-IN',
        entryAt: new Date(Date.now() - 61 * 60_000),
      },
      {
        trailerNumber: 'MH01NEW',
        type: 'Import',
        trailerType: 'Drop',
        activityGroup: 'VEHICLE GATE-IN',
        entryAt: new Date(Date.now() - 5 * 60_000),
      },
      { trailerNumber: 'MH01PICK', type: 'Empty Delivery', trailerType: 'Pickup', activityGroup: 'VEHICLE GATE-IN' },
      {
        trailerNumber: 'MH01GONE',
        type: 'Import',
        trailerType: 'Drop',
        entryAt: new Date(Date.now() - 3 * 3_600_000),
        outAt: new Date(),
      },
    ]);
    const summary = await admin.api.enterpriseDashboard.yardTrailers();
    expect(summary.tatLimitMinutes).toBe(60);
    expect(summary.entities).toEqual([
      { trailerType: 'Drop', trailerGateInType: 'Import', gateInType: 'VEHICLE GATE-IN', count: 2, tatViolated: 1 },
      {
        trailerType: 'Pickup',
        trailerGateInType: 'Empty Delivery',
        gateInType: 'VEHICLE GATE-IN',
        count: 1,
        tatViolated: 0,
      },
    ]);
    const detailed = await admin.api.enterpriseDashboard.yardTrailersDetailed();
    expect(detailed.totalCount).toBe(3);
    expect(detailed.entities.map((row) => [row.trailerNumber, row.tatViolated])).toEqual([
      ['MH01OLD', true],
      ['MH01NEW', false],
      ['MH01PICK', false],
    ]);
    const secondPage = await admin.api.enterpriseDashboard.yardTrailersDetailed({ query: { skip: 3, limit: 2 } });
    expect(secondPage).toMatchObject({ totalCount: 3, entities: [{ trailerNumber: 'MH01PICK' }] });
  });
});

describe('dashboard layout', () => {
  const layout: DashboardLayout = {
    items: [
      { widget: 'gateInOut', x: 0, y: 0, w: 6, h: 8, chartType: 'line' },
      { widget: 'containerAging', x: 6, y: 0, w: 6, h: 8, chartType: 'pie' },
    ],
  };

  it('is kept per user on the server', async () => {
    expect(await admin.api.enterpriseDashboard.layout()).toEqual({ layout: null });
    expect(await admin.api.enterpriseDashboard.saveLayout({ body: layout })).toEqual({ layout });
    expect(await admin.api.enterpriseDashboard.layout()).toEqual({ layout });
    const other = await t.login('admin');
    expect(await other.api.enterpriseDashboard.layout()).toEqual({ layout: null });
  });

  it('refuses a layout that places a widget twice, outside the grid, or with a chart it has not', async () => {
    const refused = async (items: DashboardLayout['items']) =>
      outcome(admin.api.enterpriseDashboard.saveLayout({ body: { items } }));
    expect(await refused([layout.items[0]!, { ...layout.items[0]!, y: 8 }])).toMatchObject({
      status: 400,
      body: { message: 'Widget gateInOut is placed twice' },
    });
    expect(await refused([{ widget: 'emptySlots', x: 8, y: 0, w: 6, h: 6 }])).toMatchObject({
      status: 400,
      body: { message: 'Widget emptySlots is outside the dashboard' },
    });
    expect(await refused([{ widget: 'emptySlots', x: 0, y: 0, w: 6, h: 6, chartType: 'pie' }])).toMatchObject({
      status: 400,
      body: { message: 'Widget emptySlots has no pie chart' },
    });
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise-dashboard/layout',
      headers: admin.auth,
      payload: { items: [{ widget: 'weather', x: 0, y: 0, w: 4, h: 6 }] },
    });
    expect(unknown.statusCode).toBe(400);
    // The saved layout is unchanged.
    expect(await admin.api.enterpriseDashboard.layout()).toEqual({ layout });
  });

  it('is the dashboard user’s only: a user without the dashboard is refused', async () => {
    const operator = await t.login('operator');
    expect((await outcome(operator.api.enterpriseDashboard.layout())).status).toBe(403);
    expect((await outcome(operator.api.enterpriseDashboard.gateInReport())).status).toBe(403);
  });
});

describe('dashboard live', () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await listenOnLoopback(t);
  });

  it('tells which widgets changed when a container gates in, and the figures show it', async () => {
    const client = await connectLive<{ type: string; topic?: string; data?: { widgets?: string[] } }>(
      t,
      baseUrl,
      'superadmin',
    );
    await client.subscribe(['dashboard']);
    const before = monthOf(await admin.api.enterpriseDashboard.gateInReport(), thisMonth)!.gateIn;
    const [slot] = await freeGroundSlots(t, 1);
    await admin.api.gateOperations.gateIn({ body: singleGateIn({}, { containerLocation: slot }) });
    await expect
      .poll(() =>
        client.received.some(
          (m) => m.type === 'dashboard.changed.v1' && m.topic === 'dashboard' && m.data?.widgets?.includes('gateInOut'),
        ),
      )
      .toBe(true);
    // The container's place and the yard's counts, the truck's visit, and the tasks the gate generated.
    await expect
      .poll(() => [...new Set(client.received.flatMap((m) => m.data?.widgets ?? []))].sort())
      .toEqual(
        [
          'areaInventory',
          'containerAging',
          'customerInventory',
          'emptySlots',
          'gateInOut',
          'machineTasks',
          'yardTrailers',
        ].sort(),
      );
    // Asked again after the message, the figures hold the gate-in.
    expect(monthOf(await admin.api.enterpriseDashboard.gateInReport(), thisMonth)!.gateIn).toBe(before + 1);
    client.socket.close();
  });

  it('refuses the topic to a user without the dashboard', async () => {
    const client = await connectLive<{ type: string; topic?: string }>(t, baseUrl, 'operator');
    client.send({ op: 'subscribe', topic: 'dashboard' });
    await client.until(() => client.received.some((m) => m.type === 'error' && m.topic === 'dashboard'));
    client.socket.close();
  });
});
