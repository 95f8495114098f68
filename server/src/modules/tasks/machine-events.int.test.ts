import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, slotGeoPosition, type LiveMessage } from '@openyard/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { projectEvents } from '../../live/projection';
import { rowsOf } from '../../db/bulk-insert';
import { addContainer } from '../../test/yard-fixtures';

// Machine picks and drops close the loop (issue 17): through the server's device messages
// service, as ingest hands them over, on the demo yard.
let t: TestApp;
let operator: Awaited<ReturnType<TestApp['login']>>;
let machineId = 0;
let machineName = '';
let superadminAuth: Record<string, string> = {};
const live: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
  const superadmin = await t.login('superadmin');
  superadminAuth = superadmin.auth;
  machineName = `RS-EV${Date.now().toString(36).slice(-5)}`.toUpperCase();
  ({
    machine: { id: machineId },
  } = await superadmin.api.machines.save({ body: { machineName, machineType: 'Reach-Stacker' } }));
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(query));

// A 20 ft container of its own, on the ground of an empty stack (of the demo yard's areas with
// corners), and the point of another empty ground slot.
async function movableContainer(skip = 0) {
  const point = await emptyGroundSlot(skip);
  const location = await t.services.inventory.slotAt(t.db, point, t.config.yard.startHeight);
  const container = await addContainer(t, superadminAuth, { location: location! });
  return container.containerNumber;
}

async function emptyGroundSlot(skip = 0) {
  const [row] = await rows<{
    area_id: number;
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
  }>(sql`
    select a.id as area_id, r.index as row_index, c.index as column_index,
      (select max(index) from yard_rows where area_id = a.id) as rows,
      (select max(index) from yard_columns where area_id = a.id) as columns,
      a.lat1, a.long1, a.lat2, a.long2, a.lat3, a.long3, a.lat4, a.long4
    from yard_areas a join yard_rows r on r.area_id = a.id join yard_columns c on c.area_id = a.id
    where a.lat1 is not null and not exists (
      select 1 from container_positions p where p.area_id = a.id and p.row_index = r.index and p.column_index = c.index)
    order by a.id, r.index, c.index offset ${skip} limit 1`);
  const point = slotGeoPosition(
    [
      { latitude: row!.lat1, longitude: row!.long1 },
      { latitude: row!.lat2, longitude: row!.long2 },
      { latitude: row!.lat3, longitude: row!.long3 },
      { latitude: row!.lat4, longitude: row!.long4 },
    ],
    { rows: Number(row!.rows), columns: Number(row!.columns) },
    { row: row!.row_index, column: row!.column_index },
  );
  return point;
}

let serial = 0;
const drop = (payload: { containerNumber?: string; latitude?: number; longitude?: number; messageId?: string }) => {
  const messageId = payload.messageId ?? `drop-${Date.now()}-${(serial += 1)}`;
  return t.services.deviceMessages
    .processBatch([
      {
        kind: 'machineEvent',
        machineId,
        topic: `yard/machines/${machineId}/event`,
        payload: {
          messageId,
          timestamp: Date.now(),
          kind: 'drop',
          height: t.config.yard.startHeight,
          ...payload,
        },
      },
    ])
    .then(() => messageId);
};

const exceptionsOf = async (number: string) =>
  (await operator.api.tasks.yardExceptions({ query: { limit: 1000 } })).exceptions.filter(
    (exception) => exception.containerNumber === number,
  );

describe('a machine drop (issue 17)', () => {
  it('completes the open task, moves the container to the slot under it, and a replay changes nothing', async () => {
    const number = await movableContainer(0);
    const point = await emptyGroundSlot(0);
    const [task] = (
      await operator.api.tasks.save({
        body: [
          {
            containerNumber: number,
            taskType: 'Grounding',
            deliveryMode: 'Loaded',
            fromLocation: 'Trailer',
            toLocation: 'Import Zone',
            assignedToMachine: 'ALL',
          },
        ],
      })
    ).tasks;
    const expected = await t.services.inventory.slotAt(t.db, point, t.config.yard.startHeight);
    expect(expected).not.toBeNull();
    const messageId = await drop({ containerNumber: number, ...point });

    const done = await operator.api.tasks.get({ params: { id: task!.taskId } });
    expect(done).toMatchObject({ status: 'completed', completedByMachine: machineName });
    expect((await t.services.inventory.location(number, 'number')).location).toBe(expected);
    expect(await exceptionsOf(number)).toEqual([]);

    // The same message again (a reconnect's redelivery) completes and moves nothing.
    await drop({ containerNumber: number, latitude: 0, longitude: 0, messageId });
    expect((await operator.api.tasks.get({ params: { id: task!.taskId } })).completionDate).toBe(done.completionDate);
    expect((await t.services.inventory.location(number, 'number')).location).toBe(expected);
    expect(await exceptionsOf(number)).toEqual([]);

    await t.relay.kick();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      live.some(
        (message) =>
          message.type === 'tasks.changed.v1' &&
          message.data.change === 'completed' &&
          message.data.tasks.some((item) => item.taskId === task!.taskId),
      ),
    ).toBe(true);
    expect(
      live.some((message) => message.type === 'inventory.slot.v1' && message.data.container.number === number),
    ).toBe(true);
  });

  it('raises a yard exception for a taken slot, an unknown container and a point outside the yard', async () => {
    const mover = await movableContainer(0);
    const occupant = await movableContainer(0);
    const occupantLocation = (await t.services.inventory.location(occupant, 'number')).location!;
    const occupantPoint = await t.services.inventory.location(occupant, 'number');
    const before = (await t.services.inventory.location(mover, 'number')).location;
    // Onto the occupant's own slot (its height): taken.
    const occupantHeight = Number(occupantLocation.split('_').at(-1));
    await t.services.deviceMessages.processBatch([
      {
        kind: 'machineEvent',
        machineId,
        topic: `yard/machines/${machineId}/event`,
        payload: {
          messageId: `taken-${Date.now()}`,
          timestamp: Date.now(),
          kind: 'drop',
          containerNumber: mover,
          height: Number.isInteger(occupantHeight) ? occupantHeight : t.config.yard.startHeight,
          latitude: occupantPoint.latitude!,
          longitude: occupantPoint.longitude!,
        },
      },
    ]);
    expect((await t.services.inventory.location(mover, 'number')).location).toBe(before);
    const [taken] = await exceptionsOf(mover);
    expect(taken).toMatchObject({ kind: 'slotTaken', eventKind: 'drop', machineName, resolvedAt: null });

    const unknown = 'ZZZU0000000';
    const droppedAt = Date.now();
    await drop({ containerNumber: unknown, latitude: 0, longitude: 0 });
    expect((await exceptionsOf(unknown))[0]).toMatchObject({
      kind: 'unknownContainer',
      message: messages.yardExceptionUnknownContainer(unknown),
    });
    // A drop that completed nothing is a waste move: the task dashboard hears that it was counted
    // (no task changed, so no task message would tell it).
    await t.relay.kick();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      live.some(
        (message) =>
          message.type === 'tasks.machineDayCounted.v1' &&
          message.data.machines.includes(machineName) &&
          message.data.to >= droppedAt - 1000,
      ),
    ).toBe(true);

    await drop({ containerNumber: mover, latitude: 1, longitude: 1 });
    const outside = (await exceptionsOf(mover)).find((exception) => exception.kind === 'outsideYard');
    expect(outside!.message).toBe(messages.yardExceptionOutsideYard(1, 1));
    expect((await t.services.inventory.location(mover, 'number')).location).toBe(before);

    // The control room resolves it once.
    const resolved = await operator.api.tasks.resolveYardException({
      params: { id: taken!.id },
      body: { resolution: 'Moved by hand' },
    });
    expect(resolved).toMatchObject({ resolvedBy: 'operator', resolution: 'Moved by hand' });
    expect((await exceptionsOf(mover)).some((exception) => exception.id === taken!.id)).toBe(false);
  });
});
