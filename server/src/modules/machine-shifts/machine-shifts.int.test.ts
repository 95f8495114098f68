import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type LiveMessage, type MachineShiftInput } from '@openyard/contracts';
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

beforeAll(async () => {
  t = await createTestApp();
  // One at a time: a destructured Promise.all of sessions is a type too deep for the compiler to
  // compare once the catalogue grew.
  superadmin = await t.login('superadmin');
  admin = await t.login('admin');
  operator = await t.login('operator');
  manager = await t.login('manager');
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
});
afterAll(() => t.close());

let serial = 0;
const name = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-4)}${(serial += 1)}`;
const shift = (input: Partial<MachineShiftInput> = {}): MachineShiftInput => ({
  name: name('Shift'),
  fromHour: 6,
  fromMinute: 0,
  toHour: 14,
  toMinute: 0,
  ...input,
});

describe('machine shifts (spec 2 §3, §8; spec 3 §7 /rest/enterprise/shifts)', () => {
  it('adds a shift with the spec’s notice, lists shifts by start and tells the screens', async () => {
    const night = await superadmin.api.machineShifts.create({
      body: shift({ name: name('Night'), fromHour: 22, fromMinute: 30, toHour: 6, toMinute: 0 }),
    });
    expect(night.responsestatus).toBe('success');
    expect(night.message).toBe(messages.shiftAdded);
    expect(night.shift).toMatchObject({ fromHour: 22, fromMinute: 30, toHour: 6, toMinute: 0 });
    const early = await admin.api.machineShifts.create({ body: shift({ name: `  ${name('Early')}  `, fromHour: 5 }) });
    expect(early.shift.name).toBe(early.shift.name.trim());

    const list = await operator.api.machineShifts.list();
    expect(list.responsestatus).toBe('success');
    const ids = list.shifts.map((each) => each.id);
    expect(ids.indexOf(early.shift.id)).toBeLessThan(ids.indexOf(night.shift.id));
    await eventually(async () =>
      live.some(
        (message) =>
          message.type === 'shifts.changed.v1' &&
          message.topic === 'shifts' &&
          message.data.saved.some((saved) => saved.id === night.shift.id),
      ),
    );
  });

  it('updates a shift with the spec’s notice; refuses an unknown or missing id', async () => {
    const { shift: added } = await superadmin.api.machineShifts.create({ body: shift() });
    const renamed = name('Renamed');
    const updated = await superadmin.api.machineShifts.update({
      body: { ...shift({ name: renamed, fromHour: 14, toHour: 22, toMinute: 15 }), id: added.id },
    });
    expect(updated.message).toBe(messages.shiftUpdated);
    expect(updated.shift).toEqual({
      id: added.id,
      name: renamed,
      fromHour: 14,
      fromMinute: 0,
      toHour: 22,
      toMinute: 15,
    });

    const missing = await outcome(superadmin.api.machineShifts.update({ body: shift() }));
    expect(missing.status).toBe(400);
    const unknown = await outcome(superadmin.api.machineShifts.update({ body: { ...shift(), id: 999_999 } }));
    expect(unknown).toMatchObject({ status: 404, body: { message: messages.shiftNotFound } });
  });

  it('refuses a second shift of a name in any case, a shift without length or name, and hours past 23', async () => {
    const taken = name('Day');
    await superadmin.api.machineShifts.create({ body: shift({ name: taken }) });
    const again = await outcome(superadmin.api.machineShifts.create({ body: shift({ name: taken.toUpperCase() }) }));
    expect(again).toMatchObject({
      status: 409,
      body: { message: messages.shiftNameTaken(taken.toUpperCase()), field: 'name' },
    });
    const { shift: other } = await superadmin.api.machineShifts.create({ body: shift() });
    const renameOnto = await outcome(
      superadmin.api.machineShifts.update({ body: { ...shift({ name: taken }), id: other.id } }),
    );
    expect(renameOnto.status).toBe(409);

    const zero = await outcome(superadmin.api.machineShifts.create({ body: shift({ toHour: 6 }) }));
    expect(zero).toMatchObject({ status: 400, body: { message: messages.shiftSameTimes, field: 'toHour' } });
    const blank = await outcome(superadmin.api.machineShifts.create({ body: shift({ name: '   ' }) }));
    expect(blank).toMatchObject({ status: 400, body: { message: messages.shiftNameRequired, field: 'name' } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/shifts',
      headers: superadmin.auth,
      payload: { ...shift(), toHour: 24 },
    });
    expect(response.statusCode).toBe(400);
    const names = (await superadmin.api.machineShifts.list()).shifts.map((each) => each.name.toLowerCase());
    expect(names.filter((each) => each === taken.toLowerCase())).toHaveLength(1);
  });

  it('deletes shifts by comma-joined ids, leaving out ids already gone', async () => {
    const a = (await superadmin.api.machineShifts.create({ body: shift() })).shift.id;
    const b = (await superadmin.api.machineShifts.create({ body: shift() })).shift.id;
    const deleted = await admin.api.machineShifts.delete({ query: { ids: `${a}, ${b},999999` } });
    expect(deleted).toEqual({
      responsestatus: 'success',
      message: messages.shiftsDeleted(2),
      deletedIds: expect.arrayContaining([a, b]) as number[],
    });
    expect(deleted.deletedIds).toHaveLength(2);
    const left = (await superadmin.api.machineShifts.list()).shifts.map((each) => each.id);
    expect(left).not.toContain(a);
    expect(left).not.toContain(b);
    const bad = await outcome(superadmin.api.machineShifts.delete({ query: { ids: '3,x' } }));
    expect(bad.status).toBe(400);
    await eventually(async () =>
      live.some((message) => message.type === 'shifts.changed.v1' && message.data.deletedIds.includes(a)),
    );
  });

  it('lets whoever sees the machines read shifts, and only admins write them (spec 2 §6)', async () => {
    expect((await outcome(operator.api.machineShifts.list())).status).toBe(200);
    expect((await outcome(manager.api.machineShifts.list())).status).toBe(403);
    expect((await outcome(operator.api.machineShifts.create({ body: shift() }))).status).toBe(403);
    expect((await outcome(operator.api.machineShifts.delete({ query: { ids: '1' } }))).status).toBe(403);
    expect((await outcome(t.api.machineShifts.list())).status).toBe(401);
  });
});
