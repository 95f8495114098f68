import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let api: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  api = (await t.login('operator')).api;
});
afterAll(() => t.close());

describe('master data lists', () => {
  it('answers every list of the catalogue that exists now', async () => {
    const expectations = {
      containerProcesses: 'Import',
      categories: 'Reefer',
      cargoTypes: 'General Cargo',
      deliveryModes: 'Export Out',
      // The YARD_ZONE yard locations (docs/yard-locations.md).
      yardZones: 'North Stacks',
      readerTypes: 'GATEIN',
      machineTypes: 'Reach-Stacker',
      machineStatuses: 'Break-Down',
      taskTypes: 'Empty Placement',
      activityGroups: 'CONTAINER GATE-IN',
      liners: 'Maersk',
      customers: 'Konkan Agro Exports',
      containerTypes: 'Reefer',
      containerSizes: '40',
    } as const;
    for (const [list, name] of Object.entries(expectations)) {
      const items = await api.masterData[list as keyof typeof expectations]();
      expect(
        items.map((item) => item.name),
        list,
      ).toContain(name);
    }
  });

  it('keeps the lists in their configured order', async () => {
    const sizes = await api.masterData.containerSizes();
    expect(sizes.map((size) => size.lengthFeet)).toEqual([20, 40, 45]);
    const groups = await api.masterData.activityGroups();
    expect(groups.map((group) => group.name)).toEqual(['CONTAINER GATE-IN', 'VEHICLE GATE-IN']);
  });

  it('gives liner infos with colours and their four-letter owner-code prefixes', async () => {
    const liners = await api.masterData.linerInfos();
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
    const all = await api.masterData.activities();
    expect(new Set(all.map((activity) => activity.activityGroup.name))).toEqual(
      new Set(['CONTAINER GATE-IN', 'VEHICLE GATE-IN']),
    );
    const vehicle = await api.masterData.activities({ query: { activityGroup: 'vehicle gate-in' } });
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
