import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcome } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer } from '../../test/yard-fixtures';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
});
afterAll(() => t.close());

// Without a login, as the kiosk and mobile pages ask.
const publicMap = (containerNumbers: string) =>
  outcome(t.api.inventory.yardMap({ query: { containerNumbers, medium: 'Kiosk' } }));

// Issue 13 point 8: an all-digit entry was looked up as a container's internal id, so ten serial ids
// a request listed the yard (number, slot, position, dispatched visits too) to anyone.
describe('the public yard map', () => {
  it('finds containers by their numbers only, never by their internal ids', async () => {
    const boxes = [
      await addContainer(t, superadmin.auth, { location: 'A_7_1_1' }),
      await addContainer(t, superadmin.auth, { location: 'A_7_2_1' }),
    ];
    const ids = boxes.map((box) => String(box.id));
    const byIds = await publicMap(ids.join(','));
    expect(byIds.status).toBe(200);
    expect(byIds.body.containers).toEqual([]);
    expect(byIds.body.notFound).toEqual(ids);

    const byNumbers = await publicMap(boxes.map((box) => box.containerNumber).join(','));
    expect(byNumbers.status).toBe(200);
    expect(byNumbers.body.notFound).toEqual([]);
    expect(byNumbers.body.containers.map((found) => [found.containerNumber, found.location])).toEqual([
      [boxes[0]!.containerNumber, 'A_7_1_1'],
      [boxes[1]!.containerNumber, 'A_7_2_1'],
    ]);
  });

  it('still finds the containers of an IGM item', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'A_7_3_1', igm: '7771112', item: '4' });
    const item = await publicMap('7771112:4');
    expect(item.status).toBe(200);
    expect(item.body.containers.map((found) => found.containerNumber)).toEqual([box.containerNumber]);
  });

  it('leaves the signed-in lookups by id as they were', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'A_7_4_1' });
    const found = await superadmin.api.inventory.location({ params: { n: String(box.id) } });
    expect(found.location).toBe('A_7_4_1');
  });
});
