import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type LiveMessage, type YardCoordinate, type YardLocationInput } from '@openyard/contracts';
import { DEMO_YARD_LOCATIONS } from '../../db/seed/demo-yard';
import { projectEvents } from '../../live/projection';
import { outcome } from '../../test/api-client';
import { eventually } from '../../test/eventually';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer } from '../../test/yard-fixtures';

// Yard locations (spec 3 §2, §3, §5, §7 /rest/enterprise/yard-locations and master data
// /rest/yard-locations), on the demo yard (its centre YARD_CENTER, its seeded locations).
let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let admin: Awaited<ReturnType<TestApp['login']>>;
let operator: Awaited<ReturnType<TestApp['login']>>;
let gatein: Awaited<ReturnType<TestApp['login']>>;
const live: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  admin = await t.login('admin');
  operator = await t.login('operator');
  gatein = await t.login('gatein');
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
});
afterAll(() => t.close());

// Metres east and north of the yard centre, as the demo seed draws its locations.
const at = (east: number, north: number): YardCoordinate => {
  const center = t.config.yard.yardCenter;
  return {
    latitude: center.latitude + north / 111_320,
    longitude: center.longitude + east / (111_320 * Math.cos((center.latitude * Math.PI) / 180)),
  };
};
// A square of `size` metres with its south-west corner at (east, north).
const square = (east: number, north: number, size = 20) => [
  at(east, north),
  at(east + size, north),
  at(east + size, north + size),
  at(east, north + size),
];
let serial = 0;
const name = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-4)}${(serial += 1)}`;
const location = (input: Partial<YardLocationInput> = {}): YardLocationInput => ({
  name: name('Zone'),
  type: 'YARD_ZONE',
  coordinates: square(-300, 300),
  ...input,
});

describe('yard locations (spec 3 §7 /rest/enterprise/yard-locations)', () => {
  it('lists the demo yard’s locations to whoever sees machines, and the master list to anyone', async () => {
    const list = await operator.api.yardLocations.list();
    expect(list.map((each) => each.name)).toEqual(expect.arrayContaining(DEMO_YARD_LOCATIONS.map((each) => each.name)));
    const southStacks = list.find((each) => each.name === 'South Stacks')!;
    expect(southStacks).toMatchObject({ type: 'YARD_ZONE' });
    expect(southStacks.coordinates).toHaveLength(6);
    expect(await gatein.api.masterData.yardLocations()).toEqual(list);
    // Gate-in users lose machines (spec 3 §6): the page's list is not theirs.
    expect((await outcome(gatein.api.yardLocations.list())).status).toBe(403);
  });

  it('saves a location with the spec’s notice, tells the screens, and refuses a second of the same name', async () => {
    const input = location({
      name: name('Reefer Row'),
      coordinates: [at(-300, 200), at(-260, 200), at(-260, 240), at(-280, 225), at(-300, 240)],
    });
    const saved = await admin.api.yardLocations.create({ body: { ...input, name: `  ${input.name}  ` } });
    expect(saved).toMatchObject({ responsestatus: 'success', message: messages.yardLocationSaved });
    expect(saved.location).toEqual({
      id: saved.location.id,
      name: input.name,
      type: 'YARD_ZONE',
      coordinates: input.coordinates,
    });
    expect((await operator.api.yardLocations.list()).some((each) => each.id === saved.location.id)).toBe(true);
    await eventually(async () =>
      live.some(
        (message) =>
          message.type === 'yardLocations.changed.v1' &&
          message.topic === 'yard-locations' &&
          message.data.saved.some((each) => each.id === saved.location.id),
      ),
    );

    const again = await outcome(
      superadmin.api.yardLocations.create({
        body: location({ name: input.name.toUpperCase(), coordinates: square(-300, 400) }),
      }),
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: messages.yardLocationNameTaken(input.name.toUpperCase()) });
  });

  it('refuses what spec 3 §5 refuses, in words, before the database', async () => {
    const refused = async (input: YardLocationInput) => {
      const answer = await outcome(superadmin.api.yardLocations.create({ body: input }));
      expect(answer.status).toBe(400);
      return (answer.body as { message: string }).message;
    };
    expect(await refused(location({ name: '  ' }))).toBe(messages.yardLocationNameRequired);
    expect(await refused(location({ coordinates: square(-300, 500).slice(0, 3) }))).toBe(
      messages.yardLocationTooFewPoints,
    );
    expect(await refused(location({ coordinates: [...square(-300, 500), ...square(-200, 500), at(0, 0)] }))).toBe(
      messages.yardLocationTooManyPoints,
    );
    expect(await refused(location({ coordinates: [...square(-300, 500).slice(0, 3), { latitude: 18.9 }] }))).toBe(
      messages.yardLocationPointInvalid(4),
    );
    expect(
      await refused(location({ coordinates: [{ latitude: 95, longitude: 72.9 }, ...square(-300, 500).slice(1)] })),
    ).toBe(messages.yardLocationPointInvalid(1));
    const [a, b, c, d] = square(-300, 500);
    expect(await refused(location({ coordinates: [a!, b!, d!, c!] }))).toBe(messages.yardLocationSelfIntersecting);
    // A type outside the list is the schema's refusal.
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/yard-locations',
      headers: superadmin.auth,
      payload: { ...location(), type: 'PARKING' },
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('keeps its invariants in the database too', async () => {
    const failed = async (latitudes: string, longitudes: string, type?: string) => {
      await expect(
        t.db.execute(
          sql`insert into yard_locations (name, type, latitudes, longitudes) values (${name('Raw')}, ${type ?? 'YARD_ZONE'}, ${sql.raw(latitudes)}, ${sql.raw(longitudes)})`,
        ),
      ).rejects.toThrow();
    };
    await failed(`array[18.9, 18.91, 18.92]`, `array[72.9, 72.91, 72.92]`);
    await failed(`array[18.9, 18.91, 18.92, 18.93]`, `array[72.9, 72.91, 72.92]`);
    await failed(`array[18.9, 18.91, 18.92, 91]`, `array[72.9, 72.91, 72.92, 72.93]`);
    await failed(`array[18.9, 18.91, 18.92, null]`, `array[72.9, 72.91, 72.92, 72.93]`);
    await failed(`array[18.9, 18.91, 18.92, 18.93]`, `array[72.9, 72.91, 72.92, 72.93]`, 'PARKING');
  });

  it('updates and deletes by id with the spec’s notices; an unknown id is not found', async () => {
    const { location: added } = await superadmin.api.yardLocations.create({
      body: location({ coordinates: square(-300, 600) }),
    });
    const renamed = name('Export Overflow');
    const updated = await superadmin.api.yardLocations.update({
      params: { id: added.id },
      body: { name: renamed, type: 'TASK_TO_LOCATION', coordinates: square(-300, 650, 30) },
    });
    expect(updated).toMatchObject({
      message: messages.yardLocationSaved,
      location: { id: added.id, name: renamed, type: 'TASK_TO_LOCATION' },
    });
    expect(updated.location.coordinates).toEqual(square(-300, 650, 30));

    const deleted = await superadmin.api.yardLocations.delete({ params: { id: added.id } });
    expect(deleted).toEqual({ responsestatus: 'success', message: messages.yardLocationDeleted, id: added.id });
    expect((await operator.api.yardLocations.list()).some((each) => each.id === added.id)).toBe(false);
    await eventually(async () =>
      live.some((message) => message.type === 'yardLocations.changed.v1' && message.data.deletedIds.includes(added.id)),
    );

    const missingUpdate = await outcome(
      superadmin.api.yardLocations.update({ params: { id: added.id }, body: location() }),
    );
    expect(missingUpdate.status).toBe(404);
    expect(missingUpdate.body).toMatchObject({ message: messages.yardLocationNotFound });
    expect((await outcome(superadmin.api.yardLocations.delete({ params: { id: added.id } }))).status).toBe(404);
  });

  it('is the admins’ to write: an operator is refused', async () => {
    const answer = await outcome(operator.api.yardLocations.create({ body: location() }));
    expect(answer.status).toBe(403);
    const { location: added } = await admin.api.yardLocations.create({
      body: location({ coordinates: square(-300, 700) }),
    });
    expect((await outcome(operator.api.yardLocations.delete({ params: { id: added.id } }))).status).toBe(403);
    expect(
      (await outcome(operator.api.yardLocations.update({ params: { id: added.id }, body: location() }))).status,
    ).toBe(403);
  });
});

describe('the yard zones and task places (one source: the yard locations)', () => {
  it('answers GET /rest/yard-zones with the YARD_ZONE locations, and offers every location as a task place', async () => {
    const kiosk = await t.loginWithToken('kiosk', 'Yard locations kiosk');
    const zonesDrawn = async () =>
      (await operator.api.yardLocations.list())
        .filter((each) => each.type === 'YARD_ZONE')
        .map(({ id, name }) => ({ id, name }));
    const zones = await gatein.api.masterData.yardZones();
    expect(zones).toEqual(await zonesDrawn());
    expect(zones.map((each) => each.name)).toEqual(expect.arrayContaining(['North Stacks', 'South Stacks']));
    expect(zones.map((each) => each.name)).not.toContain('Export Zone');

    const drawn = location({ name: name('Quay Zone'), coordinates: square(-300, 800) });
    const { location: added } = await admin.api.yardLocations.create({ body: drawn });
    expect(await gatein.api.masterData.yardZones()).toContainEqual({ id: added.id, name: drawn.name });
    expect((await kiosk.api.kiosk.taskChoices()).locations).toEqual(
      expect.arrayContaining(['Trailer', 'South Stacks', drawn.name, 'Export Zone', 'Import Zone']),
    );

    // Drawn again as a task place: no longer a zone, still a place; deleted: neither.
    await admin.api.yardLocations.update({ params: { id: added.id }, body: { ...drawn, type: 'TASK_TO_LOCATION' } });
    expect((await gatein.api.masterData.yardZones()).some((each) => each.id === added.id)).toBe(false);
    expect((await kiosk.api.kiosk.taskChoices()).locations).toContain(drawn.name);
    await admin.api.yardLocations.delete({ params: { id: added.id } });
    expect((await kiosk.api.kiosk.taskChoices()).locations).not.toContain(drawn.name);
    expect(await gatein.api.masterData.yardZones()).toEqual(zones);
  });
});

describe('points placed in the yard locations (spec 3 §3)', () => {
  let machineId = 0;
  let machineName = '';
  let messageSerial = 0;
  const messageId = () => `yl-${Date.now()}-${(messageSerial += 1)}`;
  const position = (point: YardCoordinate) =>
    t.services.deviceMessages.processBatch([
      {
        kind: 'machineTelemetry',
        machineId,
        topic: `yard/machines/${machineId}/telemetry`,
        payload: { messageId: messageId(), timestamp: Date.now(), ...point },
      },
    ]);
  const drop = (containerNumber: string, point: YardCoordinate) =>
    t.services.deviceMessages.processBatch([
      {
        kind: 'machineEvent',
        machineId,
        topic: `yard/machines/${machineId}/event`,
        payload: {
          messageId: messageId(),
          timestamp: Date.now(),
          kind: 'drop',
          containerNumber,
          height: t.config.yard.startHeight,
          ...point,
        },
      },
    ]);
  const machine = async () => (await operator.api.machines.list()).find((each) => each.id === machineId)!;

  beforeAll(async () => {
    machineName = `RS-YL${Date.now().toString(36).slice(-5)}`.toUpperCase();
    ({
      machine: { id: machineId },
    } = await superadmin.api.machines.save({ body: { machineName, machineType: 'Reach-Stacker' } }));
  });

  it('gives a machine the yard zone of its position, and a new zone as soon as it is drawn', async () => {
    await position(at(0, -150));
    expect((await machine()).yardZone).toBe('South Stacks');
    // In the notch of the L: no zone.
    await position(at(70, -80));
    expect((await machine()).yardZone).toBeNull();

    // A smaller zone drawn over the notch's corner: the next position is placed in it.
    const { location: drawn } = await admin.api.yardLocations.create({
      body: location({ name: name('Notch'), coordinates: square(60, -90, 20) }),
    });
    await position(at(70, -80));
    expect((await machine()).yardZone).toBe(drawn.name);
    await eventually(async () =>
      live.some(
        (message) =>
          message.type === 'machine.position.v1' &&
          message.data.machineId === machineId &&
          message.data.yardZone === drawn.name,
      ),
    );
    await admin.api.yardLocations.delete({ params: { id: drawn.id } });
    expect((await machine()).yardZone).toBeNull();
  });

  it('completes a task dropped inside the place it goes to; outside it, the drop is a yard exception', async () => {
    const { containerNumber } = await addContainer(t, superadmin.auth);
    const [task] = (
      await operator.api.tasks.save({
        body: [
          {
            containerNumber,
            taskType: 'Empty Placement',
            deliveryMode: 'Labour',
            fromLocation: 'Trailer',
            toLocation: 'Export Zone',
            assignedToMachine: 'ALL',
          },
        ],
      })
    ).tasks;

    // Dropped in Chasis 1: not where the task goes, and not a slot.
    await drop(containerNumber, at(150, 25));
    expect((await operator.api.tasks.get({ params: { id: task!.taskId } })).status).toBe('pending');
    const exceptions = (await operator.api.tasks.yardExceptions({ query: { limit: 1000 } })).exceptions.filter(
      (exception) => exception.containerNumber === containerNumber,
    );
    expect(exceptions.map((exception) => exception.kind)).toEqual(['outsideYard']);

    // Dropped on the Export Zone's edge: done there.
    await drop(containerNumber, at(135, 100));
    expect(await operator.api.tasks.get({ params: { id: task!.taskId } })).toMatchObject({
      status: 'completed',
      completedByMachine: machineName,
    });
  });
});
