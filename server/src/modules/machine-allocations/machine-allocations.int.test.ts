import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allocationTimeText,
  messages,
  shiftYardDay,
  yardDayOf,
  yardDayStart,
  yardTimeOnDay,
  type LiveMessage,
  type MachineAllocationInput,
} from '@openyard/contracts';
import { sqlState } from '../../lib/database-errors';
import { outcome } from '../../test/api-client';
import { eventually } from '../../test/eventually';
import { createTestApp, type TestApp } from '../../test/test-app';
import { projectEvents } from '../../live/projection';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let admin: Awaited<ReturnType<TestApp['login']>>;
let operator: Awaited<ReturnType<TestApp['login']>>;
let manager: Awaited<ReturnType<TestApp['login']>>;
const live: LiveMessage[] = [];
// A yard in India: days are cut at its midnight, not UTC's.
const TIME_ZONE = 'Asia/Kolkata';
let areas: { areaId: number; name: string }[];

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE } });
  // One at a time: a destructured Promise.all of sessions is a type too deep for the compiler to
  // compare once the catalogue grew.
  superadmin = await t.login('superadmin');
  admin = await t.login('admin');
  operator = await t.login('operator');
  manager = await t.login('manager');
  areas = (await t.api.yard.layout()).areaLayouts.map(({ areaId, name }) => ({ areaId, name }));
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
});
afterAll(() => t.close());

let serial = 0;
async function machine() {
  serial += 1;
  const saved = await superadmin.api.machines.save({
    body: { machineName: `AL-${Date.now().toString(36).slice(-5)}-${serial}`, machineType: 'Reach-Stacker' },
  });
  return saved.machine;
}
// A day of its own for each test (allocations of one test do not meet another's).
let dayOffset = 0;
const newDay = () => shiftYardDay('2027-03-01', { days: (dayOffset += 1) });
const at = (day: string, hour: number, minute = 0) => yardTimeOnDay(day, hour * 60 + minute, TIME_ZONE);
const allocation = (machineId: number, day: string, from: number, to: number): MachineAllocationInput => ({
  machineId,
  fromTime: at(day, from),
  toTime: at(day, to),
});

describe('machine allocations of a day (spec 2 §3, §7; spec 3 §7 /rest/machine-allocation)', () => {
  it('saves one area’s allocations and answers them for the day, by date or by a timestamp of it', async () => {
    const [m1, m2] = [await machine(), await machine()];
    const day = newDay();
    const area = areas[0]!;
    const saved = await superadmin.api.machineAllocations.save({
      body: { areaId: area.areaId, allocations: [allocation(m1.id, day, 8, 12), allocation(m2.id, day, 0, 24)] },
    });
    expect(saved).toMatchObject({ responsestatus: 'success', message: messages.allocationsSaved });
    expect(saved.allocations).toHaveLength(2);
    expect(saved.allocations.find((each) => each.machineId === m1.id)).toMatchObject({
      machine: m1.machineName,
      area: area.name,
      areaId: area.areaId,
      fromTime: at(day, 8),
      toTime: at(day, 12),
      version: 0,
    });

    const byDate = await operator.api.machineAllocations.day({ params: { day } });
    expect(byDate.day).toBe(day);
    expect(byDate.dayStart).toBe(yardDayStart(day, TIME_ZONE));
    expect(byDate.dayEnd).toBe(yardDayStart(shiftYardDay(day, { days: 1 }), TIME_ZONE));
    expect(byDate.allocations.map((each) => each.id).sort()).toEqual(saved.allocations.map((each) => each.id).sort());
    // The spec's "day timestamp": any instant of the day, here its last minute.
    const byStamp = await operator.api.machineAllocations.day({ params: { day: String(byDate.dayEnd - 60_000) } });
    expect(byStamp.day).toBe(day);
    expect(byStamp.allocations).toEqual(byDate.allocations);
    // The days before and after hold none of them.
    const before = await operator.api.machineAllocations.day({ params: { day: shiftYardDay(day, { days: -1 }) } });
    expect(before.allocations.filter((each) => each.machineId === m2.id)).toEqual([]);
    expect((await outcome(operator.api.machineAllocations.day({ params: { day: '2027-02-30' } }))).status).toBe(400);

    await eventually(async () =>
      live.some(
        (message) =>
          message.type === 'machineAllocations.changed.v1' &&
          message.topic === 'machine-allocations' &&
          message.data.saved.some((each) => each.id === saved.allocations[0]!.id),
      ),
    );
  });

  it('refuses a machine in two areas at once, naming where it is, and writes nothing of the save', async () => {
    const [m1, m2] = [await machine(), await machine()];
    const day = newDay();
    const [a, b] = [areas[0]!, areas[1]!];
    await superadmin.api.machineAllocations.save({
      body: { areaId: a.areaId, allocations: [allocation(m1.id, day, 8, 12)] },
    });
    const refused = await outcome(
      superadmin.api.machineAllocations.save({
        body: { areaId: b.areaId, allocations: [allocation(m2.id, day, 8, 12), allocation(m1.id, day, 11, 13)] },
      }),
    );
    expect(refused).toMatchObject({
      status: 409,
      body: { message: messages.allocationOverlap(m1.machineName, a.name, '08:00', '12:00') },
    });
    const shown = await superadmin.api.machineAllocations.day({ params: { day } });
    expect(shown.allocations.filter((each) => each.machineId === m2.id)).toEqual([]);

    // One may end when the next begins.
    const next = await superadmin.api.machineAllocations.save({
      body: { areaId: b.areaId, allocations: [allocation(m1.id, day, 12, 16)] },
    });
    expect(next.allocations).toHaveLength(1);
    // Two of one machine in the same save.
    const twice = await outcome(
      superadmin.api.machineAllocations.save({
        body: { areaId: b.areaId, allocations: [allocation(m2.id, day, 1, 3), allocation(m2.id, day, 2, 4)] },
      }),
    );
    expect(twice).toMatchObject({
      status: 409,
      body: { message: messages.allocationOverlap(m2.machineName, b.name, '01:00', '03:00') },
    });
  });

  it('changes allocations by id and version, moves them between areas, and refuses a stale version', async () => {
    const m1 = await machine();
    const day = newDay();
    const [a, b] = [areas[0]!, areas[1]!];
    const { allocations } = await superadmin.api.machineAllocations.save({
      body: { areaId: a.areaId, allocations: [allocation(m1.id, day, 8, 12), allocation(m1.id, day, 12, 14)] },
    });
    const [first, second] = [...allocations].sort((x, y) => x.fromTime - y.fromTime) as [
      (typeof allocations)[0],
      (typeof allocations)[0],
    ];
    // The two swap places in one save: the constraint is checked at the commit.
    const swapped = await admin.api.machineAllocations.save({
      body: {
        areaId: a.areaId,
        allocations: [
          { id: first.id, version: 0, machineId: m1.id, fromTime: at(day, 10), toTime: at(day, 14) },
          { id: second.id, version: 0, machineId: m1.id, fromTime: at(day, 8), toTime: at(day, 10) },
        ],
      },
    });
    expect(swapped.allocations.map((each) => each.version)).toEqual([1, 1]);
    // Moved to area B (the screen's drag across rows): B's save carries it.
    const moved = await admin.api.machineAllocations.save({
      body: {
        areaId: b.areaId,
        allocations: [{ id: first.id, version: 1, machineId: m1.id, fromTime: at(day, 10), toTime: at(day, 14) }],
      },
    });
    expect(moved.allocations[0]).toMatchObject({ id: first.id, areaId: b.areaId, area: b.name, version: 2 });

    const stale = await outcome(
      admin.api.machineAllocations.save({
        body: {
          areaId: a.areaId,
          allocations: [{ id: first.id, version: 1, machineId: m1.id, fromTime: at(day, 10), toTime: at(day, 13) }],
        },
      }),
    );
    expect(stale).toMatchObject({ status: 409, body: { message: messages.allocationChanged } });
    const gone = await outcome(
      admin.api.machineAllocations.save({
        body: {
          areaId: a.areaId,
          allocations: [{ id: 999_999, version: 0, machineId: m1.id, fromTime: at(day, 20), toTime: at(day, 21) }],
        },
      }),
    );
    expect(gone).toMatchObject({ status: 404, body: { message: messages.allocationNotFound } });
    const named = await outcome(
      admin.api.machineAllocations.save({
        body: {
          areaId: a.areaId,
          allocations: [
            { id: second.id, machineId: m1.id, fromTime: at(day, 8), toTime: at(day, 9) },
            { id: second.id, machineId: m1.id, fromTime: at(day, 9), toTime: at(day, 10) },
          ],
        },
      }),
    );
    expect(named).toMatchObject({ status: 400, body: { message: messages.allocationNamedTwice } });
    const shown = await admin.api.machineAllocations.day({ params: { day } });
    expect(shown.allocations.find((each) => each.id === first.id)).toMatchObject({ toTime: at(day, 14), version: 2 });
  });

  it('refuses what the spec does not allow: an end not after the start, a period past the day, unknown machine or area', async () => {
    const m1 = await machine();
    const day = newDay();
    const areaId = areas[0]!.areaId;
    const save = (input: MachineAllocationInput, area = areaId) =>
      outcome(superadmin.api.machineAllocations.save({ body: { areaId: area, allocations: [input] } }));
    expect(await save(allocation(m1.id, day, 12, 12))).toMatchObject({
      status: 400,
      body: { message: messages.allocationEndBeforeStart, field: 'toTime' },
    });
    expect(await save({ machineId: m1.id, fromTime: at(day, 22), toTime: at(day, 24) + 60_000 })).toMatchObject({
      status: 400,
      body: { message: messages.allocationOutsideDay },
    });
    expect(await save(allocation(999_999, day, 1, 2))).toMatchObject({
      status: 409,
      body: { message: messages.allocationUnknownMachine },
    });
    expect(await save(allocation(m1.id, day, 1, 2), 999_999)).toMatchObject({
      status: 409,
      body: { message: messages.allocationUnknownArea },
    });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/rest/machine-allocation',
      headers: superadmin.auth,
      payload: { areaId, allocations: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect((await superadmin.api.machineAllocations.day({ params: { day } })).allocations).toEqual([]);
  });

  it('lets the database refuse overlapping rows whoever writes them, and one of two concurrent saves', async () => {
    const m1 = await machine();
    const day = newDay();
    const [a, b] = [areas[0]!, areas[1]!];
    const insert = (areaId: number, from: number, to: number) =>
      t.db.execute(
        sql`insert into machine_allocations (machine_id, area_id, from_time, to_time) values (${m1.id}, ${areaId}, ${new Date(at(day, from)).toISOString()}, ${new Date(at(day, to)).toISOString()})`,
      );
    await insert(a.areaId, 6, 7);
    let state: string | undefined;
    try {
      await insert(b.areaId, 6, 8);
    } catch (error) {
      state = sqlState(error);
    }
    expect(state).toBe('23P01');

    const results = await Promise.all(
      [a, b].map((area) =>
        outcome(
          superadmin.api.machineAllocations.save({
            body: { areaId: area.areaId, allocations: [allocation(m1.id, day, 9, 11)] },
          }),
        ),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const shown = await superadmin.api.machineAllocations.day({ params: { day } });
    expect(shown.allocations.filter((each) => each.fromTime === at(day, 9))).toHaveLength(1);
  });

  it('deletes allocations by comma-joined ids and tells the screens', async () => {
    const m1 = await machine();
    const day = newDay();
    const { allocations } = await superadmin.api.machineAllocations.save({
      body: { areaId: areas[0]!.areaId, allocations: [allocation(m1.id, day, 1, 2), allocation(m1.id, day, 3, 4)] },
    });
    const ids = allocations.map((each) => each.id);
    const deleted = await admin.api.machineAllocations.delete({ query: { ids: `${ids.join(',')},999999` } });
    expect(deleted.message).toBe(messages.allocationsDeleted(2));
    expect([...deleted.deletedIds].sort()).toEqual([...ids].sort());
    expect((await superadmin.api.machineAllocations.day({ params: { day } })).allocations).toEqual([]);
    await eventually(async () =>
      live.some(
        (message) => message.type === 'machineAllocations.changed.v1' && message.data.deletedIds.includes(ids[0]!),
      ),
    );
    expect((await outcome(admin.api.machineAllocations.delete({ query: { ids: ',' } }))).status).toBe(400);
  });

  it('lets whoever sees the machines read allocations, and only admins write them (spec 2 §6)', async () => {
    const m1 = await machine();
    const day = newDay();
    const body = { areaId: areas[0]!.areaId, allocations: [allocation(m1.id, day, 1, 2)] };
    expect((await outcome(operator.api.machineAllocations.day({ params: { day } }))).status).toBe(200);
    expect((await outcome(manager.api.machineAllocations.day({ params: { day } }))).status).toBe(403);
    expect((await outcome(operator.api.machineAllocations.save({ body }))).status).toBe(403);
    expect((await outcome(operator.api.machineAllocations.delete({ query: { ids: '1' } }))).status).toBe(403);
    expect((await outcome(t.api.machineAllocations.day({ params: { day } }))).status).toBe(401);
    // The days and times are the yard's: an allocation of 00:00–24:00 there is one whole yard day.
    const whole = await admin.api.machineAllocations.save({
      body: { ...body, allocations: [allocation(m1.id, day, 0, 24)] },
    });
    expect(yardDayOf(whole.allocations[0]!.fromTime, TIME_ZONE)).toBe(day);
    expect(allocationTimeText(whole.allocations[0]!.toTime, TIME_ZONE, true)).toBe('24:00');
  });
});
