import { gunzipSync } from 'node:zlib';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yardChanges } from '../../test/metrics';
import type {
  InventoryGrid,
  InventorySnapshot,
  LiveMessage,
  LocationUpdateResult,
  YardMapResponse,
} from '@openyard/contracts';
import { outcome } from '../../test/api-client';
import { sqlState } from '../../lib/database-errors';
import { projectEvents } from '../../live/projection';
import { createTestApp, createUserWithPermissions, type TestApp } from '../../test/test-app';
import { addContainer, containerNumber } from '../../test/yard-fixtures';
import { freeGroundSlots } from '../../test/gate-fixtures';
import { outboxEvents } from '../../db/schema';
import { containerSizes } from '../../db/schema';
import { yardAreas, yardColumns } from '../../db/schema';
import { containerMovements, containerPositions, containers } from './containers.table';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
const events: LiveMessage[] = [];
const areaIds = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  t.bus.subscribe((batch) => events.push(...projectEvents(batch)));
  for (const area of await t.db.select().from(yardAreas)) areaIds.set(area.name, area.id);
});
afterAll(() => t.close());

type Item = { containerId: number; number: string; previousLocation?: string | null; newLocation: string };

const update = (items: Item[], auth = superadmin.auth) =>
  t.app.inject({ method: 'POST', url: '/rest/yard/updateLocation', headers: auth, payload: items });

// What a refused change must leave untouched.
async function yardState() {
  const [positions] = await t.db.select({ value: count() }).from(containerPositions);
  const [movements] = await t.db.select({ value: count() }).from(containerMovements);
  const [rows] = await t.db.select({ value: count() }).from(containers);
  const [outbox] = await t.db.select({ value: count() }).from(outboxEvents);
  return { positions: positions!.value, movements: movements!.value, containers: rows!.value, outbox: outbox!.value };
}

async function expectRefused(response: Awaited<ReturnType<typeof update>>, status: number, message: string | RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ message: string }>();
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

describe('POST /rest/yard/updateLocation', () => {
  it('moves a container, appends a movement and publishes it on the yard and both area topics', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'C_1_1_1' });
    expect(box.location).toBe('C_1_1_1');
    await t.relay.kick();
    events.length = 0;
    const response = await update([
      { containerId: box.id, number: box.containerNumber, previousLocation: 'C_1_1_1', newLocation: 'B_2_20_1' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<LocationUpdateResult>();
    expect(result.responsestatus).toBe('success');
    expect(result.containers[0]).toMatchObject({
      containerId: box.id,
      location: 'B_2_20_1',
      fullName: 'B_2_20',
      area: 'B',
      stackIndex: '1',
      rowIndex: 2,
      columnIndex: 20,
      tier: 1,
      size: 20,
      liner: 'MSC',
    });

    const movements = await outcome(superadmin.api.containers.movements({ params: { n: box.containerNumber } }));
    expect(movements.body.entities[0]).toMatchObject({
      fromLocation: 'C_1_1_1',
      toLocation: 'B_2_20_1',
      source: 'manual',
      movedBy: 'superadmin',
    });
    expect(movements.body.entities[1]).toMatchObject({ fromLocation: null, toLocation: 'C_1_1_1', source: 'import' });

    await t.relay.kick();
    const slots = events.filter(
      (event) =>
        event.type === 'inventory.slot.v1' &&
        event.data.container.containerId === box.id &&
        event.data.source === 'manual',
    );
    expect(slots.map((event) => event.topic).sort()).toEqual(['inventory', 'inventory:B', 'inventory:C']);
    const message = slots[0]!;
    if (message.type !== 'inventory.slot.v1') throw new Error('unexpected');
    expect(message.data).toMatchObject({
      previousLocation: 'C_1_1_1',
      previousArea: 'C',
      source: 'manual',
      movedBy: 'superadmin',
      container: { containerId: box.id, location: 'B_2_20_1' },
    });
    expect(message.data.version).toBeGreaterThan(0);
  });

  it('takes the start height when the height is left out, and answers Nothing to update for unchanged rows', async () => {
    const box = await addContainer(t, superadmin.auth);
    const moved = await update([{ containerId: box.id, number: box.containerNumber, newLocation: 'C_2_3' }]);
    expect(moved.json<LocationUpdateResult>().containers[0]!.location).toBe('C_2_3_1');
    const before = await yardState();
    await expectRefused(
      await update([{ containerId: box.id, number: box.containerNumber, newLocation: 'C_2_3_1' }]),
      400,
      'Nothing to update',
    );
    await expectRefused(await update([]), 400, 'Nothing to update');
    expect(await yardState()).toEqual(before);
  });

  it('writes only the changed rows of a batch', async () => {
    const still = await addContainer(t, superadmin.auth, { location: 'C_3_1_1' });
    const mover = await addContainer(t, superadmin.auth, { location: 'C_3_2_1' });
    const before = await yardState();
    const response = await update([
      { containerId: still.id, number: still.containerNumber, newLocation: 'C_3_1_1' },
      { containerId: mover.id, number: mover.containerNumber, newLocation: 'C_3_3_1' },
    ]);
    expect(response.json<LocationUpdateResult>().containers.map((c) => c.containerId)).toEqual([mover.id]);
    expect((await yardState()).movements).toBe(before.movements + 1);
  });

  it('refuses an incomplete row and writes nothing of the batch', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'C_4_1_1' });
    const before = await yardState();
    await expectRefused(
      await update([
        { containerId: box.id, number: box.containerNumber, newLocation: 'C_4_2_1' },
        { containerId: box.id + 1000, number: '', newLocation: 'C_4_3_1' },
      ]),
      400,
      'Every row needs its container id, number and new area, row and column',
    );
    await expectRefused(
      await update([
        { containerId: box.id, number: box.containerNumber, newLocation: 'C_4_2_1' },
        { containerId: 999_999, number: containerNumber(), newLocation: 'C_4_3_1' },
      ]),
      404,
      /was not found/,
    );
    await expectRefused(
      await update([{ containerId: box.id, number: box.containerNumber, newLocation: 'NOWHERE' }]),
      400,
      '"NOWHERE" is not a slot name (area_row_column_height)',
    );
    await expectRefused(
      await update([{ containerId: box.id, number: box.containerNumber, newLocation: 'Z_1_1_1' }]),
      400,
      'Slot Z_1_1_1 does not exist in the yard layout',
    );
    await expectRefused(
      await update([{ containerId: box.id, number: containerNumber(), newLocation: 'C_4_2_1' }]),
      400,
      /is not/,
    );
    expect(await yardState()).toEqual(before);
    expect((await outcome(superadmin.api.inventory.container({ params: { n: String(box.id) } }))).body.location).toBe(
      'C_4_1_1',
    );
  });

  it('refuses a move when the container was moved meanwhile', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'C_5_1_1' });
    await update([{ containerId: box.id, number: box.containerNumber, newLocation: 'C_5_2_1' }]);
    await expectRefused(
      await update([
        { containerId: box.id, number: box.containerNumber, previousLocation: 'C_5_1_1', newLocation: 'C_5_3_1' },
      ]),
      409,
      `Container ${box.containerNumber} was moved by someone else meanwhile; it is now at C_5_2_1`,
    );
  });

  it('lets one move use the slot another move of the batch vacates', async () => {
    const bottom = await addContainer(t, superadmin.auth, { location: 'C_6_1_1' });
    const top = await addContainer(t, superadmin.auth, { location: 'C_6_1_2' });
    // Swap the stack around: the top box goes to the ground of the next stack, the bottom box onto it.
    const response = await update([
      { containerId: top.id, number: top.containerNumber, newLocation: 'C_6_2_1' },
      { containerId: bottom.id, number: bottom.containerNumber, newLocation: 'C_6_2_2' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('the yard invariants through the service', () => {
  it('a position holds one container', async () => {
    await addContainer(t, superadmin.auth, { location: 'E_1_1_1' });
    const other = await addContainer(t, superadmin.auth);
    const before = await yardState();
    await expectRefused(
      await update([{ containerId: other.id, number: other.containerNumber, newLocation: 'E_1_1_1' }]),
      409,
      'Slot E_1_1_1 is already taken',
    );
    const third = await addContainer(t, superadmin.auth);
    await expectRefused(
      await update([
        { containerId: other.id, number: other.containerNumber, newLocation: 'E_1_2_1' },
        { containerId: third.id, number: third.containerNumber, newLocation: 'E_1_2_1' },
      ]),
      409,
      'Slot E_1_2_1 is the new location of more than one container',
    );
    const added = await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise/containers',
      headers: superadmin.auth,
      payload: { containerNumber: containerNumber(), sizeName: '20', location: 'E_1_1_1' },
    });
    expect(added.statusCode).toBe(409);
    expect((await yardState()).positions).toBe(before.positions);
    expect((await yardState()).containers).toBe(before.containers + 1);
  });

  it('a 40 ft container needs a merged pair', async () => {
    const forty = await addContainer(t, superadmin.auth, { sizeName: '40' });
    const before = await yardState();
    for (const slot of ['E_2_1_1', 'E_2_26_1', 'E_2_36_1']) {
      await expectRefused(
        await update([{ containerId: forty.id, number: forty.containerNumber, newLocation: slot }]),
        400,
        `Container ${forty.containerNumber} is 40 ft and needs a merged 40 ft column pair; ${slot} is not the start of one`,
      );
    }
    expect(await yardState()).toEqual(before);
    const placed = await update([{ containerId: forty.id, number: forty.containerNumber, newLocation: 'E_2_25_1' }]);
    expect(placed.json<LocationUpdateResult>().containers[0]).toMatchObject({ size: 40, columnIndex: 25 });
    const positions = await t.db.select().from(containerPositions).where(eq(containerPositions.containerId, forty.id));
    expect(positions.map((position) => position.columnIndex).sort()).toEqual([25, 26]);
    // A 20 ft box cannot go into the second slot of the pair now.
    const small = await addContainer(t, superadmin.auth);
    await expectRefused(
      await update([{ containerId: small.id, number: small.containerNumber, newLocation: 'E_2_26_1' }]),
      409,
      'Slot E_2_26_1 is already taken',
    );
  });

  it('no holes under a container, and none left behind', async () => {
    const box = await addContainer(t, superadmin.auth);
    const before = await yardState();
    await expectRefused(
      await update([{ containerId: box.id, number: box.containerNumber, newLocation: 'E_3_1_2' }]),
      400,
      'Slot E_3_1_2 can not be used: the slot below it is empty',
    );
    expect(await yardState()).toEqual(before);
    const bottom = await addContainer(t, superadmin.auth, { location: 'E_3_1_1' });
    await addContainer(t, superadmin.auth, { location: 'E_3_1_2' });
    await expectRefused(
      await update([{ containerId: bottom.id, number: bottom.containerNumber, newLocation: 'E_3_5_1' }]),
      409,
      `Container ${bottom.containerNumber} can not leave E_3_1_1: a container stands on top of it`,
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/rest/enterprise/containers/${bottom.id}`,
      headers: superadmin.auth,
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({
      message: `Container ${bottom.containerNumber} has containers on top of it; move them first`,
    });
  });

  it('not above the area height', async () => {
    const box = await addContainer(t, superadmin.auth);
    await expectRefused(
      await update([{ containerId: box.id, number: box.containerNumber, newLocation: 'D_1_1_5' }]),
      400,
      "Slot D_1_1_5 is above the area's height of 4 tiers",
    );
  });

  it('an active container number is unique; a dispatched visit does not count', async () => {
    const number = containerNumber();
    await addContainer(t, superadmin.auth, { containerNumber: number });
    const before = await yardState();
    const again = await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise/containers',
      headers: superadmin.auth,
      payload: { containerNumber: number, sizeName: '20' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: `Container ${number} is already in the yard (an active container)` });
    expect(await yardState()).toEqual(before);
  });

  it('two clerks moving boxes into one slot at once: one wins, the other is told', async () => {
    const first = await addContainer(t, superadmin.auth);
    const second = await addContainer(t, superadmin.auth);
    const [a, b] = await Promise.all([
      update([{ containerId: first.id, number: first.containerNumber, newLocation: 'E_4_1_1' }]),
      update([{ containerId: second.id, number: second.containerNumber, newLocation: 'E_4_1_1' }]),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json<{ message: string }>().message).toMatch(/E_4_1_1 is already taken|refused/);
  });
});

describe('the yard invariants in the database (direct SQL)', () => {
  // A container row straight into the table, with or without a place and its movement.
  async function insertContainer(number = containerNumber(), size = '20') {
    const [sizeRow] = await t.db.select().from(containerSizes).where(eq(containerSizes.name, size));
    const [row] = await t.db
      .insert(containers)
      .values({ containerNumber: number, sizeId: sizeRow!.id })
      .returning({ id: containers.id });
    return row!.id;
  }
  const movement = (containerId: number, areaId: number, row: number, column: number, tier: number) =>
    sql`insert into container_movements (container_id, container_number, to_location, to_area_id, to_row_index, to_column_index, to_tier, source)
        select id, container_number, 'x', ${areaId}, ${row}, ${column}, ${tier}, 'manual' from containers where id = ${containerId}`;
  const position = (containerId: number, areaId: number, row: number, column: number, tier: number) =>
    sql`insert into container_positions (area_id, row_index, column_index, tier, container_id) values (${areaId}, ${row}, ${column}, ${tier}, ${containerId})`;

  async function refusedInSql(statements: ReturnType<typeof sql>[], code: string) {
    const before = await yardState();
    let failure: unknown;
    try {
      await t.db.transaction(async (tx) => {
        for (const statement of statements) await tx.execute(statement);
      });
    } catch (error) {
      failure = error;
    }
    expect(failure, 'the database accepted it').toBeDefined();
    expect(sqlState(failure)).toBe(code);
    expect(await yardState()).toEqual(before);
  }

  it('accepts a well-formed placement written by hand', async () => {
    const area = areaIds.get('C')!;
    const id = await insertContainer();
    await t.db.transaction(async (tx) => {
      await tx.execute(position(id, area, 6, 10, 1));
      await tx.execute(movement(id, area, 6, 10, 1));
    });
  });

  it('two containers in one position', async () => {
    const area = areaIds.get('C')!;
    const first = await insertContainer();
    await t.db.transaction(async (tx) => {
      await tx.execute(position(first, area, 6, 11, 1));
      await tx.execute(movement(first, area, 6, 11, 1));
    });
    const second = await insertContainer();
    await refusedInSql([position(second, area, 6, 11, 1), movement(second, area, 6, 11, 1)], '23505');
  });

  it('a 40 ft box on an unmerged column, or on one slot only', async () => {
    const area = areaIds.get('C')!;
    const forty = await insertContainer(containerNumber(), '40');
    await refusedInSql(
      [position(forty, area, 6, 12, 1), position(forty, area, 6, 13, 1), movement(forty, area, 6, 12, 1)],
      'OY003',
    );
    const merged = areaIds.get('D')!;
    await refusedInSql([position(forty, merged, 6, 1, 1), movement(forty, merged, 6, 1, 1)], 'OY003');
  });

  it('a hole under a container', async () => {
    const area = areaIds.get('C')!;
    const id = await insertContainer();
    await refusedInSql([position(id, area, 6, 14, 2), movement(id, area, 6, 14, 2)], 'OY001');
  });

  it('a stack above the area height, by a placement or by lowering the area', async () => {
    const area = areaIds.get('D')!;
    const ids = [];
    for (let tier = 1; tier <= 4; tier += 1) {
      const id = await insertContainer();
      ids.push(id);
      await t.db.transaction(async (tx) => {
        await tx.execute(position(id, area, 6, 15, tier));
        await tx.execute(movement(id, area, 6, 15, tier));
      });
    }
    const fifth = await insertContainer();
    await refusedInSql([position(fifth, area, 6, 15, 5), movement(fifth, area, 6, 15, 5)], 'OY002');
    await refusedInSql([sql`update yard_areas set max_height = 3 where id = ${area}`], 'OY002');
  });

  it('a duplicate active number', async () => {
    const number = containerNumber();
    await insertContainer(number);
    const before = await yardState();
    await expect(insertContainer(number)).rejects.toSatisfy((error) => sqlState(error) === '23505');
    expect(await yardState()).toEqual(before);
    // Once dispatched, the number is free for the next visit.
    await t.db.execute(sql`update containers set dispatched_at = now() where container_number = ${number}`);
    await insertContainer(number);
  });

  it('a location change without its movement, a rewritten history, a dispatched box still in a slot', async () => {
    const area = areaIds.get('C')!;
    const id = await insertContainer();
    await refusedInSql([position(id, area, 5, 16, 1)], 'OY005');
    await t.db.transaction(async (tx) => {
      await tx.execute(position(id, area, 5, 16, 1));
      await tx.execute(movement(id, area, 5, 16, 1));
    });
    await refusedInSql([sql`update container_movements set moved_by = 'someone' where container_id = ${id}`], 'OY006');
    await refusedInSql([sql`update containers set dispatched_at = now() where id = ${id}`], 'OY004');
  });

  it('unmerging a pair under a 40 ft box', async () => {
    const forty = await addContainer(t, superadmin.auth, { sizeName: '40', location: 'D_5_3_1' });
    expect(forty.location).toBe('D_5_3_1');
    await refusedInSql(
      [sql`update yard_columns set merged = false where area_id = ${areaIds.get('D')!} and index = 3`],
      'OY003',
    );
    const [column] = await t.db
      .select()
      .from(yardColumns)
      .where(eq(yardColumns.areaId, areaIds.get('D')!));
    expect(column).toBeDefined();
  });
});

describe('inventory reads', () => {
  it('serves the snapshot, a copy while nothing changes, and the changes since a time', async () => {
    const first = await outcome(superadmin.api.inventory.load());
    expect(first.status).toBe(200);
    expect(first.body.full).toBe(true);
    const again = await t.app.inject({ url: '/rest/yard/load', headers: superadmin.auth });
    expect(again.json<InventorySnapshot>().version).toBe(first.body.version);
    for (const area of first.body.areas) {
      expect(area.occupancy).toBe(Math.floor((100 * area.filledSlots) / area.totalSlots));
      expect(area.containers20 + area.containers40).toBe(area.byLiner.reduce((sum, entry) => sum + entry.count, 0));
    }
    const areaE = first.body.areas.find((area) => area.area === 'E')!;
    expect(areaE.containers40).toBeGreaterThanOrEqual(1);

    const box = await addContainer(t, superadmin.auth, { location: 'A_8_1_1', igm: '7654321', item: '12' });
    const next = await outcome(superadmin.api.inventory.load());
    expect(next.body.version).toBeGreaterThan(first.body.version);
    expect(next.body.containers.find((container) => container.containerId === box.id)).toMatchObject({
      number: box.containerNumber,
      location: 'A_8_1_1',
      igmNumber: '7654321',
      itemNumber: '12',
    });
    const delta = await outcome(superadmin.api.inventory.load({ query: { lastUpdated: next.body.lastUpdated } }));
    expect(delta.body.full).toBe(false);
    await update([{ containerId: box.id, number: box.containerNumber, newLocation: 'A_8_2_1' }]);
    const after = await outcome(superadmin.api.inventory.load({ query: { lastUpdated: next.body.lastUpdated } }));
    expect(after.body.containers.find((container) => container.containerId === box.id)?.location).toBe('A_8_2_1');
  });

  it('serves the compact grid: the containers of the snapshot field by field, gzipped, 304 for the same version', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'D_6_5_1', igm: '5550001', item: '7' });
    const snapshot = await outcome(superadmin.api.inventory.load());
    const response = await t.app.inject({ url: '/rest/yard/grid', headers: superadmin.auth });
    expect(response.statusCode).toBe(200);
    const grid = response.json<InventoryGrid>();
    expect(grid.version).toBe(snapshot.body.version);
    expect(response.headers.etag).toBe(`"inventory-a-${grid.version}"`);
    const count = grid.containerIds.length;
    for (const column of [
      grid.numbers,
      grid.areaIds,
      grid.rowIndexes,
      grid.columnIndexes,
      grid.tiers,
      grid.sizes,
      grid.linerIndexes,
      grid.igmItemIndexes,
      grid.planned,
    ])
      expect(column).toHaveLength(count);
    expect(count).toBe(snapshot.body.containers.length);
    const byId = new Map(snapshot.body.containers.map((container) => [container.containerId, container]));
    const areaIdsByName = new Map(snapshot.body.areas.map((area) => [area.area, area.areaId]));
    grid.containerIds.forEach((id, i) => {
      const container = byId.get(id)!;
      expect(grid.numbers[i]).toBe(container.number);
      expect(grid.areaIds[i]).toBe(areaIdsByName.get(container.area!));
      expect([grid.rowIndexes[i], grid.columnIndexes[i], grid.tiers[i]]).toEqual([
        container.rowIndex,
        container.columnIndex,
        container.tier,
      ]);
      expect(grid.sizes[i]).toBe(container.size);
      expect(grid.liners[grid.linerIndexes[i]!]?.name ?? null).toBe(container.liner);
      const igmItem = grid.igmItems[grid.igmItemIndexes[i]!] ?? null;
      expect(igmItem).toBe(
        container.igmNumber ? [container.igmNumber, container.itemNumber].filter(Boolean).join(':') : null,
      );
      expect(grid.planned[i]).toBe(0);
    });
    const mine = grid.containerIds.indexOf(box.id);
    expect(grid.igmItems[grid.igmItemIndexes[mine]!]).toBe('5550001:7');

    // Gzipped for a client that accepts it; 304 for the version the client holds.
    const zipped = await t.app.inject({
      url: '/rest/yard/grid',
      headers: { ...superadmin.auth, 'accept-encoding': 'gzip, deflate' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(grid);
    const same = await t.app.inject({
      url: '/rest/yard/grid',
      headers: { ...superadmin.auth, 'if-none-match': response.headers.etag as string },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(Number(same.headers['content-length'] ?? 0)).toBe(0);

    // A move makes a new version with the box in its new place.
    await update([{ containerId: box.id, number: box.containerNumber, newLocation: 'D_6_6_1' }]);
    const moved = await t.app.inject({
      url: '/rest/yard/grid',
      headers: { ...superadmin.auth, 'if-none-match': response.headers.etag as string },
    });
    expect(moved.statusCode).toBe(200);
    const next = moved.json<InventoryGrid>();
    expect(next.version).toBeGreaterThan(grid.version);
    expect(next.columnIndexes[next.containerIds.indexOf(box.id)]).toBe(6);

    // A planned slot only with includePlanned, marked planned.
    const planned = await addContainer(t, superadmin.auth, { location: 'D_5_5_1', planned: true });
    const withoutPlanned = await outcome(superadmin.api.inventory.grid());
    expect(withoutPlanned.body.containerIds).not.toContain(planned.id);
    const withPlanned = await outcome(superadmin.api.inventory.grid({ query: { includePlanned: true } }));
    const at = withPlanned.body.containerIds.indexOf(planned.id);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(withPlanned.body.planned[at]).toBe(1);
  });

  it('lists by yard, by area (planned only when asked), by IGM, and answers container and location', async () => {
    const planned = await addContainer(t, superadmin.auth, {
      location: 'A_7_1_1',
      planned: true,
      igm: '1112223',
      item: '4',
    });
    const plain = await addContainer(t, superadmin.auth, { location: 'A_7_2_1', igm: '1112223', item: '5' });
    const area = await outcome(superadmin.api.inventory.areaContainers({ params: { area: 'A' } }));
    expect(area.body.map((c) => c.containerId)).toContain(plain.id);
    expect(area.body.map((c) => c.containerId)).not.toContain(planned.id);
    const withPlanned = await outcome(
      superadmin.api.inventory.areaContainers({ params: { area: 'A' }, query: { includePlanned: true } }),
    );
    expect(withPlanned.body.map((c) => c.containerId)).toContain(planned.id);
    expect((await outcome(superadmin.api.inventory.areaContainers({ params: { area: 'NOPE' } }))).status).toBe(404);
    const yard = await outcome(superadmin.api.inventory.yardContainers());
    expect(yard.body.every((container) => container.location !== null)).toBe(true);

    const igm = await outcome(superadmin.api.inventory.igmContainers({ params: { igm: '1112223' } }));
    expect(igm.body.map((c) => c.containerId).sort()).toEqual([planned.id, plain.id].sort());
    const item = await outcome(superadmin.api.inventory.igmContainers({ params: { igm: '1112223:5' } }));
    expect(item.body.map((c) => c.containerId)).toEqual([plain.id]);

    const byNumber = await outcome(
      superadmin.api.inventory.container({ params: { n: plain.containerNumber.toLowerCase() } }),
    );
    expect(byNumber.body).toMatchObject({ containerId: plain.id, location: 'A_7_2_1' });
    expect((await outcome(superadmin.api.inventory.container({ params: { n: containerNumber() } }))).status).toBe(404);

    const location = await outcome(superadmin.api.inventory.location({ params: { n: plain.containerNumber } }));
    expect(location.body).toMatchObject({ location: 'A_7_2_1', area: 'A', row: '7', column: '2', stackIndex: '1' });
    const layout = await outcome(superadmin.api.yard.layout());
    const corners = layout.body.areaLayouts.find((entry) => entry.name === 'A')!.corners!;
    const latitudes = corners.map((corner) => corner.latitude);
    expect(location.body.latitude).toBeGreaterThanOrEqual(Math.min(...latitudes));
    expect(location.body.latitude).toBeLessThanOrEqual(Math.max(...latitudes));
    const nowhere = await addContainer(t, superadmin.auth);
    expect(
      (await outcome(superadmin.api.inventory.location({ params: { n: String(nowhere.id) } }))).body,
    ).toMatchObject({
      location: null,
      latitude: null,
    });
  });

  it('locates up to 10 containers, or one IGM item, for the public yard map', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'A_6_1_1', igm: '2223334', item: '9' });
    const missing = containerNumber();
    const map = async (query: string) => {
      const response = await t.app.inject({ url: `/rest/enterprise/containers/yard-map?${query}` });
      return { status: response.statusCode, body: response.json<YardMapResponse & { message: string }>() };
    };
    const found = await map(`containerNumbers=${box.containerNumber.toLowerCase()},${missing}&medium=Kiosk`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ medium: 'Kiosk', notFound: [missing] });
    expect(found.body.containers).toEqual([
      expect.objectContaining({ containerNumber: box.containerNumber, location: 'A_6_1_1' }),
    ]);
    // A public answer names no internal id (issue 21).
    expect(found.body.containers[0]).not.toHaveProperty('containerId');
    expect(found.body.containers[0]!.latitude).not.toBeNull();
    const item = await map('containerNumbers=2223334:9&medium=Mobile');
    expect(item.body.containers.map((c) => c.containerNumber)).toEqual([box.containerNumber]);
    const many = Array.from({ length: 11 }, () => containerNumber()).join(',');
    expect((await map(`containerNumbers=${many}`)).body.message).toBe(
      'You can only search for upto 10 containers or a single IGM item number. Please try again.',
    );
    expect((await map('containerNumbers=%20,')).body.message).toBe(
      'Please add an IGM item number or provide some container numbers to search.',
    );
  });

  it('keeps the inventory for inventoryVisible, and location updates for create/update rights', async () => {
    const operator = await t.login('operator');
    expect((await outcome(operator.api.inventory.load())).status).toBe(403);
    expect((await outcome(operator.api.inventory.areaContainers({ params: { area: 'A' } }))).status).toBe(403);
    const box = await addContainer(t, superadmin.auth, { location: 'B_8_20_1' });
    expect((await outcome(operator.api.inventory.location({ params: { n: String(box.id) } }))).status).toBe(200);
    const moved = await update(
      [{ containerId: box.id, number: box.containerNumber, newLocation: 'B_8_19_1' }],
      operator.auth,
    );
    expect(moved.statusCode).toBe(200);
    const manager = await t.login('manager');
    expect(
      (await update([{ containerId: box.id, number: box.containerNumber, newLocation: 'B_8_18_1' }], manager.auth))
        .statusCode,
    ).toBe(403);
  });

  // Issue 13 point 18: the web allowed moves to a user whose landing page is the inventory, the
  // server only to one whose landing page is the containers screen; both follow one rule now.
  it('lets the landing page give the location update on the inventory as on the containers screen', async () => {
    const flags = { inventoryVisible: true, containersVisible: true };
    const onInventory = await createUserWithPermissions(t, superadmin.auth, 'moves-inventory', flags, '/inventory');
    const onContainers = await createUserWithPermissions(t, superadmin.auth, 'moves-containers', flags, '/containers');
    const box = await addContainer(t, superadmin.auth, { location: 'B_8_10_1' });
    const move = (auth: Record<string, string>, pagePath: string, newLocation: string) =>
      t.app.inject({
        method: 'POST',
        url: '/rest/yard/updateLocation',
        headers: { ...auth, pagepath: pagePath },
        payload: [{ containerId: box.id, number: box.containerNumber, newLocation }],
      });
    expect((await move(onInventory.auth, '/inventory', 'B_8_11_1')).statusCode).toBe(200);
    expect((await move(onContainers.auth, '/containers', 'B_8_12_1')).statusCode).toBe(200);
    expect((await move(onInventory.auth, '/containers', 'B_8_13_1')).statusCode).toBe(403);
    expect((await move(onContainers.auth, '/inventory', 'B_8_13_1')).statusCode).toBe(403);
    expect((await outcome(superadmin.api.inventory.location({ params: { n: String(box.id) } }))).body.location).toBe(
      'B_8_12_1',
    );
  });
});

describe('moves arriving together (group commit, issue 18)', () => {
  it('writes them in fewer transactions, each refused or answered as if alone', async () => {
    const slots = await freeGroundSlots(t, 17, 'C');
    const boxes = await Promise.all(
      slots.slice(0, 8).map((location) => addContainer(t, superadmin.auth, { location })),
    );
    const before = { changes: await yardChanges(t), state: await yardState() };
    // Each to the next column; the fourth onto a hole (tier 2 of an empty stack), the sixth and the
    // seventh to one slot.
    const targets = slots.slice(8, 16);
    targets[3] = slots[16]!.replace(/_1$/, '_2');
    targets[6] = targets[5]!;
    const answers = await Promise.all(
      boxes.map((box, index) =>
        update([{ containerId: box.id, number: box.containerNumber, newLocation: targets[index]! }]),
      ),
    );
    const changes = (await yardChanges(t)) - before.changes;
    expect(answers[3]!.statusCode).toBe(400);
    expect([answers[5]!.statusCode, answers[6]!.statusCode].sort()).toEqual([200, 409]);
    // Each answered with its own container where it asked it to go.
    for (const [index, answer] of answers.entries())
      if (answer.statusCode === 200)
        expect(answer.json<LocationUpdateResult>().containers.map((view) => [view.containerId, view.location])).toEqual(
          [[boxes[index]!.id, targets[index]]],
        );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(6);
    // Six moves written: six movements, the positions as many as before, and their events.
    const after = await yardState();
    expect(after.movements - before.state.movements).toBe(6);
    expect(after.positions).toBe(before.state.positions);
    expect(after.outbox).toBeGreaterThan(before.state.outbox);
    const standing = await t.db
      .select({ id: containerPositions.containerId })
      .from(containerPositions)
      .where(eq(containerPositions.containerId, boxes[3]!.id));
    expect(standing).toHaveLength(1);
    expect(changes).toBeLessThan(8);
  });
});
