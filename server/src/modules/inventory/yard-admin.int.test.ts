import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaLayout, LiveMessage } from '@openyard/contracts';
import { outcome } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer } from '../../test/yard-fixtures';
import { projectEvents } from '../../live/projection';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
const events: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  t.bus.subscribe((batch) => events.push(...projectEvents(batch)));
});
afterAll(() => t.close());

async function area(name: string): Promise<AreaLayout> {
  const layout = await t.api.yard.layout();
  return layout.areaLayouts.find((entry) => entry.name === name)!;
}
const merged = (layout: AreaLayout) => layout.cellNames.filter((column) => column.merged).map((column) => column.index);

describe('merge and split slots', () => {
  it('merges unmerged columns at an odd distance into pairs, and splits them again', async () => {
    expect(merged(await area('C'))).toEqual([]);
    const wrong = await outcome(superadmin.api.yard.mergeSlots({ body: { area: 'C', fromCol: 1, toCol: 3 } }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Merge slots: choose unmerged columns after the from column, an odd distance away');
    const done = await outcome(
      superadmin.api.yard.mergeSlots({ body: { area: 'C', fromCol: 1, toCol: 4, adjustFurtherColumns: false } }),
    );
    expect(done).toEqual({
      status: 200,
      body: { responsestatus: 'success', message: 'Yard layout updated successfully' },
    });
    expect(merged(await area('C'))).toEqual([1, 3]);
    // Merged columns cannot be merged again.
    expect((await outcome(superadmin.api.yard.mergeSlots({ body: { area: 'C', fromCol: 2, toCol: 3 } }))).status).toBe(
      400,
    );

    expect((await outcome(superadmin.api.yard.splitSlots({ body: { area: 'C', fromCol: 2, toCol: 2 } }))).status).toBe(
      400,
    );
    expect((await outcome(superadmin.api.yard.splitSlots({ body: { area: 'C', fromCol: 3, toCol: 4 } }))).status).toBe(
      200,
    );
    expect(merged(await area('C'))).toEqual([1]);
    await t.relay.kick();
    expect(events.some((event) => event.type === 'inventory.layout.v1' && event.topic === 'inventory:C')).toBe(true);
  });

  it('will not split a pair that holds a 40 ft box', async () => {
    const forty = await addContainer(t, superadmin.auth, { sizeName: '40', location: 'D_1_1_1' });
    const refused = await outcome(superadmin.api.yard.splitSlots({ body: { area: 'D', fromCol: 1, toCol: 4 } }));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Columns 1 hold 40 ft containers; move them first');
    expect(merged(await area('D'))).toContain(1);
    expect(forty.location).toBe('D_1_1_1');
  });

  it('moves follow the layout as it now stands (the servers keep the slot grid between requests)', async () => {
    const forty = await addContainer(t, superadmin.auth, { sizeName: '40', location: 'D_3_1_1' });
    const moveTo = (newLocation: string) =>
      outcome(
        superadmin.api.inventory.updateLocation({
          body: [{ containerId: forty.id, number: forty.containerNumber, newLocation }],
        }),
      );
    expect((await moveTo('C_1_7_1')).status).toBe(400);
    expect((await outcome(superadmin.api.yard.mergeSlots({ body: { area: 'C', fromCol: 7, toCol: 8 } }))).status).toBe(
      200,
    );
    expect((await moveTo('C_1_7_1')).status).toBe(200);
    expect((await moveTo('D_3_1_1')).status).toBe(200);
    expect((await outcome(superadmin.api.yard.splitSlots({ body: { area: 'C', fromCol: 7, toCol: 8 } }))).status).toBe(
      200,
    );
    const refused = await moveTo('C_1_7_1');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/merged/i);
  });

  it('is the superadmin’s', async () => {
    const admin = await t.login('admin');
    expect((await outcome(admin.api.yard.mergeSlots({ body: { area: 'C', fromCol: 5, toCol: 6 } }))).status).toBe(403);
  });
});

describe('split area', () => {
  it('refuses the whole area with the spec message, and a cut through a pair', async () => {
    const whole = await outcome(
      superadmin.api.yard.splitArea({
        body: {
          fromArea: 'B',
          fromCol: 1,
          toCol: 30,
          newAreaName: 'B2',
        },
      }),
    );
    expect(whole.status).toBe(400);
    expect(whole.body.message).toBe('You seem to have selected entire area fo splitting. Please choose a part of it!');
    const cut = await outcome(
      superadmin.api.yard.splitArea({
        body: {
          fromArea: 'B',
          fromCol: 2,
          toCol: 5,
          newAreaName: 'B2',
        },
      }),
    );
    expect(cut.body.message).toBe('The columns would cut a merged 40 ft pair in two');
    const taken = await outcome(
      superadmin.api.yard.splitArea({
        body: {
          fromArea: 'B',
          fromCol: 21,
          toCol: 30,
          newAreaName: 'a',
        },
      }),
    );
    expect(taken.status).toBe(409);
  });

  it('moves columns and their containers to a new area, renaming slots with a movement each', async () => {
    const inside = await addContainer(t, superadmin.auth, { location: 'E_3_6_1' });
    const onTop = await addContainer(t, superadmin.auth, { location: 'E_3_6_2' });
    const after = await addContainer(t, superadmin.auth, { location: 'E_3_12_1' });
    const forty = await addContainer(t, superadmin.auth, { sizeName: '40', location: 'E_3_25_1' });
    const split = await outcome(
      superadmin.api.yard.splitArea({
        body: {
          fromArea: 'E',
          fromCol: 5,
          toCol: 8,
          startColumnLabel: 1,
          adjustFurtherColumns: true,
          newAreaName: 'F',
        },
      }),
    );
    expect(split.status).toBe(200);
    const f = await area('F');
    expect(f.cellNames.map((column) => column.name)).toEqual(['1', '2', '3', '4']);
    expect(f.rowLayouts).toHaveLength(8);
    expect(f.maxHeight).toBe(5);
    expect(f.corners).toHaveLength(4);
    const e = await area('E');
    expect(e.cellNames).toHaveLength(32);
    expect(e.cellNames.map((column) => column.index)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    expect(merged(e)).toContain(21);

    const where = async (id: number) =>
      (await superadmin.api.inventory.container({ params: { n: String(id) } })).location;
    expect(await where(inside.id)).toBe('F_3_2_1');
    expect(await where(onTop.id)).toBe('F_3_2_2');
    expect(await where(after.id)).toBe('E_3_8_1');
    expect(await where(forty.id)).toBe('E_3_21_1');
    expect(split.body.movedContainers).toBeGreaterThanOrEqual(4);
    const history = await superadmin.api.containers.movements({ params: { n: String(inside.id) } });
    expect(history.entities[0]).toMatchObject({
      fromLocation: 'E_3_6_1',
      toLocation: 'F_3_2_1',
      movedBy: 'superadmin',
    });

    // Without adjusting, the rest of the area keeps its numbers and a gap.
    const keep = await outcome(
      superadmin.api.yard.splitArea({
        body: { fromArea: 'A', fromCol: 3, toCol: 4, startColumnLabel: '7', newAreaName: 'G' },
      }),
    );
    expect(keep.status).toBe(200);
    expect((await area('G')).cellNames.map((column) => column.name)).toEqual(['7', '8']);
    expect((await area('A')).cellNames.map((column) => column.index).slice(0, 4)).toEqual([1, 2, 5, 6]);
  });
});

describe('bulk location', () => {
  it('sets the four corners of an area', async () => {
    const corners = {
      lat1: 18.95,
      long1: 72.95,
      lat2: 18.95,
      long2: 72.952,
      lat3: 18.949,
      long3: 72.952,
      lat4: 18.949,
      long4: 72.95,
    };
    const done = await outcome(superadmin.api.yard.bulkLocation({ body: { areaName: 'c', ...corners } }));
    expect(done.status).toBe(200);
    expect((await area('C')).corners).toEqual([
      { latitude: 18.95, longitude: 72.95 },
      { latitude: 18.95, longitude: 72.952 },
      { latitude: 18.949, longitude: 72.952 },
      { latitude: 18.949, longitude: 72.95 },
    ]);
    expect(
      (
        await outcome(
          superadmin.api.yard.bulkLocation({ body: { areaName: 'C', ...corners, lat2: 18.95, long2: 72.95 } }),
        )
      ).status,
    ).toBe(400);
    // A latitude the schema refuses, sent as it is.
    const outOfRange = await t.app.inject({
      method: 'POST',
      url: '/rest/yard/bulk-location',
      headers: superadmin.auth,
      payload: { areaName: 'C', ...corners, lat1: 95 },
    });
    expect(outOfRange.statusCode).toBe(400);
    expect((await outcome(superadmin.api.yard.bulkLocation({ body: { areaName: 'Nope', ...corners } }))).status).toBe(
      404,
    );
  });
});
