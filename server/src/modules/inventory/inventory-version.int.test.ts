import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventOf } from '@openyard/contracts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../../test/test-app';
import { rowsOf } from '../../db/bulk-insert';
import { addContainer } from '../../test/yard-fixtures';
import { containers } from './containers.table';
import { INVENTORY_CHANNEL } from './inventory-version';

// The inventory snapshots are answered from memory while the yard stands still (InventoryVersion):
// what another server changes reaches this one as a notification, what this one changes is asked
// again at once. The changes "of another server" are made straight in SQL.
let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  auth = superadmin.auth;
});
afterAll(() => t.close());

const grid = () => superadmin.api.inventory.grid();

// A container that moved to C_1_1_1, as a `container.moved` event of another server carries it.
const slotData = (version: number): DomainEventOf<'container.moved'>['data'] => ({
  container: {
    containerId: 1,
    number: 'MSCU1234565',
    igmNumber: null,
    itemNumber: null,
    size: 20,
    sizeName: '20',
    liner: null,
    linerColor: null,
    process: null,
    containerType: null,
    category: null,
    customer: null,
    cargoType: null,
    hazardous: false,
    addeddate: Date.now(),
    lastMovedDate: Date.now(),
    planned: false,
    dispatched: false,
    location: 'C_1_1_1',
    fullName: 'C_1_1_1',
    area: 'C',
    stackIndex: null,
    rowIndex: 1,
    columnIndex: 1,
    tier: 1,
  },
  previousLocation: null,
  previousArea: null,
  source: 'manual',
  movedBy: 'elsewhere',
  version,
});

describe('the inventory version kept in memory', () => {
  it('is known after the first read, and a change of another server moves it on', async () => {
    const box = await addContainer(t, auth, { location: 'C_1_2_1' });
    const before = await grid();
    expect(t.services.inventoryVersion.known).toBe(before.version);
    await t.db.update(containers).set({ igm: 'IGM-ELSEWHERE', item: '7' }).where(eq(containers.id, box.id));
    await t.inventorySettled();
    expect(t.services.inventoryVersion.known).toBeGreaterThan(before.version);
    const after = await grid();
    expect(after.version).toBe(t.services.inventoryVersion.known);
    const index = after.containerIds.indexOf(box.id);
    expect(after.igmItems[after.igmItemIndexes[index]!]).toBe('IGM-ELSEWHERE:7');
  });

  it('a move made through this server shows in the next snapshot, before any notification', async () => {
    const box = await addContainer(t, auth, { location: 'C_1_3_1' });
    await grid();
    await superadmin.api.inventory.updateLocation({
      body: [{ containerId: box.id, number: box.containerNumber, newLocation: 'C_1_4_1' }],
    });
    const after = await grid();
    const index = after.containerIds.indexOf(box.id);
    expect([after.columnIndexes[index], after.tiers[index]]).toEqual([4, 1]);
  });

  it('a live message forwarded here is never newer than the snapshot asked for after it', async () => {
    await grid();
    const version = t.services.inventoryVersion;
    const known = version.known!;
    expect(known).toBeGreaterThan(0);
    // The domain events the hub forwards as slot and layout messages, as the bus carries them.
    await t.bus.publish([
      { type: 'container.moved', eventId: randomUUID(), at: Date.now(), data: slotData(known + 5) },
    ]);
    expect(version.known).toBe(known + 5);
    await t.bus.publish([
      { type: 'yard.layoutChanged', eventId: randomUUID(), at: Date.now(), data: { reason: 'rules', areas: [] } },
    ]);
    expect(version.known).toBeNull();
  });
});

describe.runIf(TEST_DATABASE === 'postgres')('when the listening connection is lost', () => {
  it('the version is asked again until notifications are heard again', async () => {
    await grid();
    expect(t.services.inventoryVersion.known).not.toBeNull();
    const lost = await t.dropListening(INVENTORY_CHANNEL);
    expect(t.services.inventoryVersion.known).toBeNull();
    // Changed while nobody listened: the snapshot still shows it.
    const version = rowsOf<{ version: number }>(
      await t.db.execute(sql`update inventory_state set version = version + 1 where id = 1 returning version`),
    )[0]!.version;
    expect((await grid()).version).toBe(Number(version));
    await lost.listeningAgain();
    await grid();
    expect(t.services.inventoryVersion.known).toBe(Number(version));
  });
});
