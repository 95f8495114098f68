import { count, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidContainerNumber, type InventorySnapshot } from '@openyard/contracts';
import { containerMovements, containerPositions, containers } from '../schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedDemoContainers } from './demo-containers';

let t: TestApp;
let seeded: Awaited<ReturnType<typeof seedDemoContainers>>;
const now = new Date();

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedDemoContainers(t.db, { slots: t.config.yard, now });
});
afterAll(() => t.close());

describe('demo containers', () => {
  it('fill the yard with several thousand valid containers, and seed only once', async () => {
    expect(seeded.inYard).toBeGreaterThan(2000);
    expect(seeded.dispatched).toBeGreaterThan(500);
    const rows = await t.db.select({ number: containers.containerNumber }).from(containers);
    expect(rows.length).toBe(seeded.inYard + seeded.dispatched);
    expect(rows.every((row) => isValidContainerNumber(row.number))).toBe(true);
    expect(await seedDemoContainers(t.db, { slots: t.config.yard })).toEqual({
      inYard: 0,
      dispatched: 0,
      movements: 0,
      expected: 0,
    });
  });

  it('stand in the yard as the database allows, with a history that ends where they stand', async () => {
    // The deferred checks ran at commit; here the shape of what they let through.
    const [active] = await t.db.select({ value: count() }).from(containers).where(isNull(containers.dispatchedAt));
    expect(active!.value).toBe(seeded.inYard);
    const [positions] = await t.db.select({ value: count() }).from(containerPositions);
    expect(positions!.value).toBeGreaterThan(seeded.inYard);
    const [movements] = await t.db.select({ value: count() }).from(containerMovements);
    expect(movements!.value).toBe(seeded.movements);
    const withoutHistory = await t.db
      .select({ value: count() })
      .from(containers)
      .where(sql`not exists (select 1 from ${containerMovements} m where m.container_id = ${containers.id})`);
    expect(withoutHistory[0]!.value).toBe(0);
  });

  it('show several liners, both sizes, IGM items and every ageing bucket', async () => {
    const response = await t.app.inject({ url: '/rest/yard/load', headers: (await t.login('superadmin')).auth });
    const snapshot = response.json<InventorySnapshot>();
    expect(snapshot.containers).toHaveLength(seeded.inYard);
    expect(new Set(snapshot.containers.map((container) => container.liner)).size).toBeGreaterThanOrEqual(8);
    expect(snapshot.containers.some((container) => container.size === 40)).toBe(true);
    expect(snapshot.containers.some((container) => container.size === 20)).toBe(true);
    expect(
      snapshot.containers.filter((container) => container.igmNumber && container.itemNumber).length,
    ).toBeGreaterThan(500);
    const days = snapshot.containers.map((container) => (now.getTime() - container.addeddate) / 86_400_000);
    for (const [from, to] of [
      [3, 15],
      [15, 30],
      [30, 60],
      [60, 10_000],
    ])
      expect(days.filter((age) => age >= from! && age < to!).length, `${from}-${to} days`).toBeGreaterThan(100);
    for (const area of snapshot.areas) expect(area.occupancy).toBeGreaterThan(40);
  });

  it('expect boxes at the gate that the planning screen lists as queued', async () => {
    expect(seeded.expected).toBe(24);
    const { api } = await t.login('superadmin');
    const queued = await api.planning.queued({ query: {} });
    expect(queued.length).toBe(seeded.expected);
    expect(queued.every((container) => isValidContainerNumber(container.containerNumber))).toBe(true);
    // None of them is in the yard: a pre-advice is for a box still to come.
    const numbers = queued.map((container) => container.containerNumber);
    const inYard = await t.db
      .select({ value: count() })
      .from(containers)
      .where(sql`${containers.containerNumber} = any(${`{${numbers.join(',')}}`}::text[])`);
    expect(inYard[0]!.value).toBe(0);
  });
});
