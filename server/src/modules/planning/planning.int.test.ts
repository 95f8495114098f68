import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, yardDayOf, type LiveMessage, type PreAdviceInput } from '@openyard/contracts';
import { rowsOf } from '../../db/bulk-insert';
import { containerMovements, containers, preAdvices } from '../../db/schema';
import { projectEvents } from '../../live/projection';
import { outcome } from '../../test/api-client';
import { createGate, freeGroundSlots, rfidTag, singleGateIn } from '../../test/gate-fixtures';
import { createTestApp, createUserWithPermissions, type TestApp } from '../../test/test-app';
import { addContainer, containerNumber } from '../../test/yard-fixtures';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let gateId: number;
let timeZone: string;
const live: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('superadmin');
  ({ gateId } = await createGate(t, 'IN'));
  timeZone = (await admin.api.metadata.get()).timeZone;
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
});
afterAll(() => t.close());

// A container the depot expects: an open pre-advice (tomorrow, 20 ft unless told).
async function expect20(extra: Partial<PreAdviceInput> = {}) {
  const number = extra.containerNumber ?? containerNumber('MSCU');
  await admin.api.preAdvices.create({
    body: { containerNumber: number, expectedFrom: Date.now() + 86_400_000, containerSize: '20', ...extra },
  });
  return number;
}

let planSerial = 0;
const planName = () => `Plan ${++planSerial} ${Math.random().toString(36).slice(2, 7)}`;
const save = (name: string, assignments: { containerNumber: string; slotFullName: string }[], id?: number) =>
  outcome(admin.api.planning.save({ body: { ...(id ? { id } : {}), name, assignments } }));

// The active rows of a number (planned or in the yard), with where they stand.
async function rowsOfNumber(number: string) {
  return t.db
    .select({ id: containers.id, planned: containers.planned, voidedAt: containers.voidedAt })
    .from(containers)
    .where(eq(containers.containerNumber, number));
}
const positionsAt = async (slot: string) => {
  const [area, row, column, tier] = slot.split('_');
  return rowsOf<{ container_id: number }>(
    await t.db.execute(sql`select cp.container_id from container_positions cp join yard_areas a on a.id = cp.area_id
      where a.name = ${area} and cp.row_index = ${Number(row)} and cp.column_index = ${Number(column)} and cp.tier = ${Number(tier)}`),
  );
};
const gateIn = (number: string, location?: string, size = '20') =>
  outcome(
    admin.api.gateOperations.gateIn({
      body: singleGateIn(
        { gateId, trailerTag1: rfidTag() },
        { containerNumber: number, containerSize: size, ...(location ? { containerLocation: location } : {}) },
      ),
    }),
  );

describe('queued containers and plan names', () => {
  it('lists open pre-advices by container number, IGM, job order and liner, not those in the yard', async () => {
    const number = await expect20({ igm: 'IGM-7781', item: '3', jobOrderNumber: 'JO-55120' });
    const all = await admin.api.planning.queued({ query: {} });
    expect(all.find((row) => row.containerNumber === number)).toMatchObject({
      containerNumber: number,
      igmNumber: 'IGM-7781',
      jobOrderNumber: 'JO-55120',
      size: '20',
      planned: false,
      slotFullName: null,
      source: 'preAdvice',
      planId: null,
    });
    for (const [searchBy, query] of [
      ['containerNumber', number.slice(4, 9)],
      ['igmNumber', '7781'],
      ['jobOrderNumber', 'jo-5512'],
    ] as const) {
      const found = await admin.api.planning.queued({ query: { searchBy, query } });
      expect(
        found.map((row) => row.containerNumber),
        searchBy,
      ).toContain(number);
    }
    const liner = all.find((row) => row.containerNumber === number)!.liner!;
    expect((await admin.api.planning.queued({ query: { searchBy: 'liner', query: liner } })).length).toBeGreaterThan(0);
    expect(await admin.api.planning.queued({ query: { searchBy: 'igmNumber', query: 'NO-SUCH-IGM' } })).toEqual([]);
    // Once gated in, it is no longer queued.
    const other = await expect20();
    expect((await gateIn(other)).status).toBe(200);
    expect((await admin.api.planning.queued({ query: { query: other } })).length).toBe(0);
  });

  it('tells whether a plan name is free, in any case', async () => {
    const name = planName();
    expect(await admin.api.planning.nameAvailable({ params: { name } })).toEqual({ available: true, message: null });
    const [slot] = await freeGroundSlots(t, 1);
    expect((await save(name, [{ containerNumber: await expect20(), slotFullName: slot! }])).status).toBe(200);
    expect(await admin.api.planning.nameAvailable({ params: { name: name.toUpperCase() } })).toEqual({
      available: false,
      message: messages.planNameTaken(name.toUpperCase()),
    });
  });
});

describe('saving a plan reserves its slots', () => {
  it('saves a plan: planned rows at their slots, dashed on the inventory with planned slots only, live', async () => {
    const [a, b] = [await expect20(), await expect20()];
    const [slotA, slotB] = await freeGroundSlots(t, 2);
    const name = planName();
    const { status, body } = await save(name, [
      { containerNumber: a, slotFullName: slotA! },
      { containerNumber: b, slotFullName: slotB! },
    ]);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ responsestatus: 'success', message: messages.planSaved(name) });
    const plan = body.plan;
    expect(plan).toMatchObject({ name, source: 'manual', createdBy: 'superadmin' });
    expect(
      plan.plannedContainers.map((row) => [row.containerNumber, row.slotFullName, row.planned, row.planningOrder]),
    ).toEqual([
      [a, slotA, true, 1],
      [b, slotB, true, 2],
    ]);
    expect(plan.plannedContainers[0]!.cellId).toEqual(expect.any(Number));
    // The reservation is a planned container standing in the slot.
    const [row] = await rowsOfNumber(a);
    expect(row).toMatchObject({ planned: true, voidedAt: null });
    expect((await positionsAt(slotA!)).map((position) => position.container_id)).toEqual([row!.id]);
    // Queued: gone from the unplanned list, there with its slot on Edit Plan.
    expect((await admin.api.planning.queued({ query: { query: a } })).length).toBe(0);
    expect(await admin.api.planning.queued({ query: { query: a, includePlanned: true } })).toEqual([
      expect.objectContaining({ containerNumber: a, planned: true, slotFullName: slotA, planId: plan.id }),
    ]);
    expect((await admin.api.planning.plans()).find((entry) => entry.id === plan.id)?.plannedContainers.length).toBe(2);
    // The inventory draws it only where planned slots are asked for.
    const withPlanned = await admin.api.inventory.yardContainers({ query: { includePlanned: true } });
    expect(withPlanned.find((container) => container.number === a)).toMatchObject({ planned: true, location: slotA });
    const without = await admin.api.inventory.yardContainers({ query: {} });
    expect(without.find((container) => container.number === a)).toBeUndefined();
    // The public yard map does not show a box that has not come.
    expect((await t.api.inventory.yardMap({ query: { containerNumbers: a } })).notFound).toEqual([a]);
    // The containers screen's Yard tab lists boxes in the yard only; the All tab shows the reservation.
    expect((await admin.api.containers.inYard({ query: { searchText: a } })).totalCount).toBe(0);
    expect((await admin.api.containers.all({ query: { searchText: a } })).entities).toEqual([
      expect.objectContaining({ containerNumber: a, planned: true }),
    ]);
    await expect
      .poll(() => live.some((message) => message.type === 'planning.changed.v1' && message.data.planId === plan.id))
      .toBe(true);
  });

  it('refuses a name taken, a container not queued or given twice, and a slot already taken, writing nothing', async () => {
    const [slot, other] = await freeGroundSlots(t, 2);
    const number = await expect20();
    const name = planName();
    expect((await save(name, [{ containerNumber: number, slotFullName: slot! }])).status).toBe(200);
    const second = await expect20();
    expect(await save(name.toLowerCase(), [{ containerNumber: second, slotFullName: other! }])).toMatchObject({
      status: 409,
      body: { message: messages.planNameTaken(name.toLowerCase()) },
    });
    const nowhere = containerNumber('MSCU');
    expect(await save(planName(), [{ containerNumber: nowhere, slotFullName: other! }])).toMatchObject({
      status: 409,
      body: { message: messages.planContainerNotQueued(nowhere) },
    });
    expect(
      await save(planName(), [
        { containerNumber: second, slotFullName: other! },
        { containerNumber: second, slotFullName: slot! },
      ]),
    ).toMatchObject({ status: 400, body: { message: messages.planContainerTwice(second) } });
    // Another plan's slot is reserved; a box's slot is taken.
    expect(await save(planName(), [{ containerNumber: second, slotFullName: slot! }])).toMatchObject({
      status: 409,
      body: { message: messages.slotReserved(slot!) },
    });
    await addContainer(t, admin.auth, { location: other });
    expect(await save(planName(), [{ containerNumber: second, slotFullName: other! }])).toMatchObject({
      status: 409,
      body: { message: messages.slotTaken(other!) },
    });
    // A container of another plan is not taken over.
    const [third] = await freeGroundSlots(t, 1);
    expect(await save(planName(), [{ containerNumber: number, slotFullName: third! }])).toMatchObject({
      status: 409,
      body: { message: messages.planContainerInOtherPlan(number, name) },
    });
    expect(await rowsOfNumber(second)).toEqual([]);
  });

  it('replaces a plan’s assignments: one moved, one released (voided, its slot free), one added', async () => {
    const [a, b, c] = [await expect20(), await expect20(), await expect20()];
    const [s1, s2, s3, s4] = await freeGroundSlots(t, 4);
    const name = planName();
    const first = await save(name, [
      { containerNumber: a, slotFullName: s1! },
      { containerNumber: b, slotFullName: s2! },
    ]);
    const id = first.body.plan.id;
    const again = await save(
      name,
      [
        { containerNumber: a, slotFullName: s3! },
        { containerNumber: c, slotFullName: s2! },
      ],
      id,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.plan.plannedContainers.map((row) => [row.containerNumber, row.slotFullName])).toEqual([
      [a, s3],
      [c, s2],
    ]);
    expect(await positionsAt(s1!)).toEqual([]);
    // b is released: its record voided (history is kept), it is queued again.
    expect((await rowsOfNumber(b)).map((row) => [row.planned, row.voidedAt instanceof Date])).toEqual([[true, true]]);
    expect((await admin.api.planning.queued({ query: { query: b } })).map((row) => row.containerNumber)).toEqual([b]);
    // The reservation moves are history of source planning.
    const [aRow] = await rowsOfNumber(a);
    const moves = await t.db.select().from(containerMovements).where(eq(containerMovements.containerId, aRow!.id));
    expect(moves.map((move) => move.source)).toEqual(['planning', 'planning']);
    expect(await save(name, [{ containerNumber: a, slotFullName: s4! }], 999_999)).toMatchObject({
      status: 404,
      body: { message: messages.planNotFound },
    });
  });
});

describe('gate-in of planned containers', () => {
  it('lands a planned container in its planned slot: the row becomes the container, the plan hears of it', async () => {
    const number = await expect20({ igm: 'IGM-9001', item: '7' });
    const [slot] = await freeGroundSlots(t, 1);
    const { body: saved } = await save(planName(), [{ containerNumber: number, slotFullName: slot! }]);
    const [reservation] = await rowsOfNumber(number);
    const before = live.length;
    const { status, body } = await gateIn(number);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.containers).toEqual([expect.objectContaining({ containerNumber: number, location: slot })]);
    expect(body.tasks).toEqual([
      expect.objectContaining({
        containerNumber: number,
        taskType: 'Offloading',
        fromLocation: 'Trailer',
        toLocation: slot,
      }),
    ]);
    // The same row, in the yard now, with the gate's details and the plan's manifest.
    const rows = await t.db.select().from(containers).where(eq(containers.containerNumber, number));
    expect(rows).toEqual([
      expect.objectContaining({ id: reservation!.id, planned: false, igm: 'IGM-9001', item: '7' }),
    ]);
    expect((await positionsAt(slot!)).map((row) => row.container_id)).toEqual([reservation!.id]);
    const moves = await t.db
      .select()
      .from(containerMovements)
      .where(eq(containerMovements.containerId, reservation!.id));
    expect(moves.map((move) => [move.source, move.fromLocation, move.toLocation])).toEqual(
      expect.arrayContaining([
        ['planning', null, slot],
        ['gate', null, slot],
      ]),
    );
    // Its pre-advice is used; the plan has no planned container left; screens hear of it.
    const [advice] = await t.db.select().from(preAdvices).where(eq(preAdvices.containerNumber, number));
    expect(advice!.usedAt).not.toBeNull();
    expect((await admin.api.planning.plans()).find((plan) => plan.id === saved.plan.id)?.plannedContainers).toEqual([]);
    await expect
      .poll(() =>
        live
          .slice(before)
          .some((message) => message.type === 'planning.changed.v1' && message.data.planId === saved.plan.id),
      )
      .toBe(true);
    // A plan a container gated in on cannot be rolled back; deleting it leaves the container where it is.
    expect(await outcome(admin.api.planning.rollback({ body: { planId: saved.plan.id } }))).toMatchObject({
      status: 409,
      body: { message: messages.planInUse(saved.plan.name, number) },
    });
    expect(await admin.api.planning.delete({ params: { id: saved.plan.id } })).toMatchObject({ released: 0 });
    expect((await positionsAt(slot!)).map((row) => row.container_id)).toEqual([reservation!.id]);
  });

  it('releases the reservation of a container whose size does not fit it, or for which the clerk names a slot', async () => {
    const number = await expect20();
    const [slot, elsewhere] = await freeGroundSlots(t, 2);
    await save(planName(), [{ containerNumber: number, slotFullName: slot! }]);
    const { status, body } = await gateIn(number, elsewhere);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.containers[0]).toMatchObject({ location: elsewhere });
    expect(await positionsAt(slot!)).toEqual([]);
    const rows = await rowsOfNumber(number);
    expect(rows.map((row) => [row.planned, row.voidedAt === null])).toEqual(
      expect.arrayContaining([
        [true, false],
        [false, true],
      ]),
    );
  });

  it('refuses a gate-in to a reserved slot with slotReserved, and dispatch of a container not yet in', async () => {
    const number = await expect20();
    const [slot] = await freeGroundSlots(t, 1);
    await save(planName(), [{ containerNumber: number, slotFullName: slot! }]);
    expect(await gateIn(containerNumber('MSCU'), slot)).toMatchObject({
      status: 409,
      body: { message: messages.slotReserved(slot!) },
    });
    const dispatch = await outcome(
      admin.api.gateOperations.dispatch({ query: { containerNumber: number, dispatchTime: Date.now() } }),
    );
    expect(dispatch).toMatchObject({ status: 404, body: { message: messages.dispatchNotInYard(number) } });
  });

  it('lets one of a gate-in and a plan take a slot at the same time, never both', async () => {
    for (let round = 0; round < 3; round += 1) {
      const planned = await expect20();
      const [slot] = await freeGroundSlots(t, 1);
      const arriving = containerNumber('MSCU');
      const [gate, plan] = await Promise.all([
        gateIn(arriving, slot),
        save(planName(), [{ containerNumber: planned, slotFullName: slot! }]),
      ]);
      const statuses = [gate.status, plan.status].sort();
      expect(statuses, JSON.stringify([gate.body, plan.body])).toEqual([200, 409]);
      const loser = gate.status === 409 ? gate : plan;
      expect([messages.slotReserved(slot!), messages.slotTaken(slot!)]).toContain(
        (loser.body as unknown as { message: string }).message,
      );
      expect(await positionsAt(slot!)).toHaveLength(1);
    }
  });
});

describe('deleting and rolling back plans', () => {
  it('delete releases every unused reservation in one transaction; the slots take boxes again', async () => {
    const [a, b] = [await expect20(), await expect20()];
    const [s1, s2] = await freeGroundSlots(t, 2);
    const { body } = await save(planName(), [
      { containerNumber: a, slotFullName: s1! },
      { containerNumber: b, slotFullName: s2! },
    ]);
    const deleted = await admin.api.planning.delete({ params: { id: body.plan.id } });
    expect(deleted).toEqual({ responsestatus: 'success', message: messages.planDeleted(body.plan.name), released: 2 });
    expect([...(await positionsAt(s1!)), ...(await positionsAt(s2!))]).toEqual([]);
    expect((await admin.api.planning.plans()).some((plan) => plan.id === body.plan.id)).toBe(false);
    expect((await gateIn(containerNumber('MSCU'), s1)).status).toBe(200);
    expect(await outcome(admin.api.planning.delete({ params: { id: body.plan.id } }))).toMatchObject({
      status: 404,
      body: { message: messages.planNotFound },
    });
  });

  it('rollback takes back a plan no container used: its reservations released, the plan gone', async () => {
    const number = await expect20();
    const [slot] = await freeGroundSlots(t, 1);
    const { body } = await save(planName(), [{ containerNumber: number, slotFullName: slot! }]);
    expect(await admin.api.planning.rollback({ body: { planId: body.plan.id } })).toEqual({
      responsestatus: 'success',
      message: messages.planRolledBack(body.plan.name),
      released: 1,
    });
    expect(await positionsAt(slot!)).toEqual([]);
    expect(await outcome(admin.api.planning.rollback({ body: { planId: body.plan.id } }))).toMatchObject({
      status: 404,
    });
  });
});

describe('planned containers are no gate-ins', () => {
  it('counts a planned container in no report, dashboard figure or yard count until its gate-in', async () => {
    const day = yardDayOf(Date.now(), timeZone);
    const query = { from: day, to: day };
    const gateIns = async () => (await admin.api.reports.gateIn({ query })).totalCount;
    const inventory = async () => (await admin.api.reports.inventory({ query: {} })).totalCount;
    const rollup = async () =>
      Number(
        rowsOf<{ gate_ins: number }>(
          await t.db.execute(sql`select coalesce(sum(gate_ins), 0) as gate_ins from dashboard_yard_days
            where day = dashboard_yard_day(now())`),
        )[0]!.gate_ins,
      );
    const movements = async () => (await admin.api.reports.containerMovements({ query })).totalCount;
    const before = {
      gateIns: await gateIns(),
      inventory: await inventory(),
      rollup: await rollup(),
      movements: await movements(),
    };
    const number = await expect20();
    const [slot] = await freeGroundSlots(t, 1);
    await save(planName(), [{ containerNumber: number, slotFullName: slot! }]);
    expect({
      gateIns: await gateIns(),
      inventory: await inventory(),
      rollup: await rollup(),
      movements: await movements(),
    }).toEqual(before);
    expect((await gateIn(number)).status).toBe(200);
    expect({
      gateIns: await gateIns(),
      inventory: await inventory(),
      rollup: await rollup(),
      movements: await movements(),
    }).toEqual({
      gateIns: before.gateIns + 1,
      inventory: before.inventory + 1,
      rollup: before.rollup + 1,
      movements: before.movements + 1,
    });
    // Counted again from the history, the rollup agrees (the cut leaves reservations out too).
    await t.db.execute(
      sql`select dashboard_rollups_cut(coalesce((select time_zone from dashboard_rollup_state where id = 1), 'UTC'))`,
    );
    expect(await rollup()).toBe(before.rollup + 1);
  });
});

describe('planning params and slot groups', () => {
  it('serves the required size param with the master data’s sizes, and the yard’s own params', async () => {
    const params = await admin.api.planning.params();
    expect(params[0]).toMatchObject({ name: 'Container size', dataProvider: 'CONTAINER_SIZE', required: true });
    expect(params[0]!.allowedStrings).toEqual(expect.arrayContaining(['20', '40']));
    expect(params.find((param) => param.dataProvider === 'CUSTOM')).toMatchObject({
      name: 'Cargo class',
      allowedStrings: ['Reefer', 'Hazardous'],
      required: false,
    });
  });

  it('answers each group’s cells and free places; a reservation takes one', async () => {
    const params = await admin.api.planning.params();
    const size = params.find((param) => param.dataProvider === 'CONTAINER_SIZE')!;
    const groupsOf = async () => (await admin.api.planning.slotGroups({ params: { paramId: size.id } })).groups;
    const twenty = (await groupsOf()).find((group) => group.value === '20')!;
    const forty = (await groupsOf()).find((group) => group.value === '40')!;
    // Merged pairs take 40 ft boxes, the other columns 20 ft: no cell is in both.
    const fortyCells = new Set(forty.cells.map((cell) => cell.id));
    expect(twenty.cells.some((cell) => fortyCells.has(cell.id))).toBe(false);
    expect(forty.areas).toEqual(expect.arrayContaining(['A', 'B', 'D', 'E']));
    const [slot] = await freeGroundSlots(t, 1);
    await save(planName(), [{ containerNumber: await expect20(), slotFullName: slot! }]);
    expect((await groupsOf()).find((group) => group.value === '20')!.freeSlots).toBe(twenty.freeSlots - 1);
    const custom = params.find((param) => param.dataProvider === 'CUSTOM')!;
    const cargo = await admin.api.planning.slotGroups({ params: { paramId: custom.id } });
    expect(cargo.groups.map((group) => [group.value, group.areas, group.cells.length])).toEqual([
      ['Reefer', ['E'], 48],
      ['Hazardous', ['C'], 24],
    ]);
    expect(await outcome(admin.api.planning.slotGroups({ params: { paramId: 999_999 } }))).toMatchObject({
      status: 404,
      body: { message: messages.planningParamNotFound },
    });
  });
});

describe('who may plan', () => {
  it('refuses the planning calls to a user without planningVisible, and writes to one without create rights', async () => {
    const viewer = await createUserWithPermissions(t, admin.auth, 'plan-viewer', { planningVisible: true });
    const outsider = await createUserWithPermissions(t, admin.auth, 'plan-outsider', { containersVisible: true });
    expect((await outcome(outsider.api.planning.queued({ query: {} }))).status).toBe(403);
    expect((await outcome(outsider.api.planning.plans())).status).toBe(403);
    expect((await outcome(viewer.api.planning.queued({ query: {} }))).status).toBe(200);
    const [slot] = await freeGroundSlots(t, 1);
    const number = await expect20();
    const refused = await outcome(
      viewer.api.planning.save({
        body: { name: planName(), assignments: [{ containerNumber: number, slotFullName: slot! }] },
      }),
    );
    expect(refused.status).toBe(403);
    expect(
      await t.db
        .select()
        .from(containers)
        .where(and(eq(containers.containerNumber, number), isNull(containers.voidedAt))),
    ).toEqual([]);
    expect((await outcome(t.api.planning.queued({ query: {} }))).status).toBe(401);
  });

  it('has no engine to queue a run on without a worker queue, and no job it never made', async () => {
    expect(await outcome(admin.api.planning.enginePlan({ body: {} }))).toMatchObject({
      status: 409,
      body: { message: messages.planningEngineUnavailable },
    });
    expect(await outcome(admin.api.planning.engineJob({ params: { jobId: 'no-such-run' } }))).toMatchObject({
      status: 404,
      body: { message: messages.planningEngineJobNotFound },
    });
  });
});

describe('planning switched off', () => {
  it('refuses the planning calls with FEATURE_PLANNING off, and save in the community edition', async () => {
    const off = await createTestApp({ env: { FEATURE_PLANNING: 'false', EDITION: 'community' } });
    try {
      const superadmin = await off.login('superadmin');
      expect((await outcome(superadmin.api.planning.queued({ query: {} }))).status).toBe(403);
      const saved = await outcome(
        superadmin.api.planning.save({
          body: { name: 'x', assignments: [{ containerNumber: 'MSCU1234565', slotFullName: 'C_1_1_1' }] },
        }),
      );
      expect(saved.status).toBe(403);
      expect((saved.body as unknown as { message: string }).message).toBe(messages.lockedFeature);
    } finally {
      await off.close();
    }
  });
});
