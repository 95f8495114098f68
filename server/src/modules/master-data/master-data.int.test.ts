import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  auth = (await t.login('operator')).auth;
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const response = await t.app.inject({ url, headers: auth });
  expect(response.statusCode, url).toBe(200);
  return response.json<T>();
};

describe('master data lists', () => {
  it('answers every list of the catalogue that exists now', async () => {
    const expectations: [string, string][] = [
      ['/rest/container-processes', 'Import'],
      ['/rest/categories', 'Reefer'],
      ['/rest/cargo-types', 'General Cargo'],
      ['/rest/delivery-modes', 'Export Out'],
      ['/rest/yard-zones', 'Export Zone'],
      ['/rest/reader-types', 'GATEIN'],
      ['/rest/machine-types', 'Reach-Stacker'],
      ['/rest/machine-statuses', 'Break-Down'],
      ['/rest/tasks/task-types', 'Empty Placement'],
      ['/rest/activity-groups', 'CONTAINER GATE-IN'],
      ['/rest/liners', 'Maersk'],
      ['/rest/customers', 'Konkan Agro Exports'],
      ['/rest/container-types', 'Reefer'],
      ['/rest/container-sizes', '40'],
    ];
    for (const [url, name] of expectations) {
      const items = await get<{ id: number; name: string }[]>(url);
      expect(
        items.map((item) => item.name),
        url,
      ).toContain(name);
    }
  });

  it('keeps the lists in their configured order', async () => {
    const sizes = await get<{ name: string; lengthFeet: number }[]>('/rest/container-sizes');
    expect(sizes.map((size) => size.lengthFeet)).toEqual([20, 40, 45]);
    const groups = await get<{ name: string }[]>('/rest/activity-groups');
    expect(groups.map((group) => group.name)).toEqual(['CONTAINER GATE-IN', 'VEHICLE GATE-IN']);
  });

  it('gives liner infos with colours and their four-letter owner-code prefixes', async () => {
    const liners = await get<{ code: string; name: string; color: string; prefixes: string[] }[]>('/rest/liner-infos');
    const prefixes = liners.flatMap((liner) => liner.prefixes);
    expect(prefixes.length).toBeGreaterThanOrEqual(45);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const liner of liners) {
      expect(liner.color).toMatch(/^#[0-9A-F]{6}$/i);
      for (const prefix of liner.prefixes) expect(prefix).toMatch(/^[A-Z]{3}U$/);
    }
    expect(liners.find((liner) => liner.code === 'MAERSK')?.prefixes).toContain('MSKU');
    expect(new Set(liners.map((liner) => liner.color.toLowerCase())).size).toBe(liners.length);
  });

  it('gives activities with their group, filtered by group name', async () => {
    type Activity = { activityId: number; activityName: string; activityGroup: { name: string } };
    const all = await get<Activity[]>('/rest/activities');
    expect(new Set(all.map((activity) => activity.activityGroup.name))).toEqual(
      new Set(['CONTAINER GATE-IN', 'VEHICLE GATE-IN']),
    );
    const vehicle = await get<Activity[]>('/rest/activities?activityGroup=vehicle%20gate-in');
    expect(vehicle.map((activity) => activity.activityName)).toEqual([
      'Import',
      'Loaded Delivery',
      'De-stuff Delivery',
      'Empty Delivery',
    ]);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/rest/liner-infos' })).statusCode).toBe(401);
  });
});
