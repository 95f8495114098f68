import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type LiveMessage, type MasterItemInput } from '@openyard/contracts';
import { rowsOf } from '../../db/bulk-insert';
import { seedReferenceData } from '../../db/seed/seed';
import { projectEvents } from '../../live/projection';
import { outcome } from '../../test/api-client';
import { eventually } from '../../test/eventually';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer, containerNumber } from '../../test/yard-fixtures';
import { containerMasterIds } from '../inventory';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let admin: Awaited<ReturnType<TestApp['login']>>;
let operator: Awaited<ReturnType<TestApp['login']>>;
const live: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  admin = await t.login('admin');
  operator = await t.login('operator');
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
});
afterAll(() => t.close());

let serial = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-4)}${(serial += 1)}`;
// Owner prefixes no seeded liner has: three letters and U.
const freshPrefix = () => {
  serial += 1;
  const letters = 'QWXZ';
  return `Q${letters[serial % 4]}${letters[Math.floor(serial / 4) % 4]}U`;
};
const liner = (fields: Partial<Extract<MasterItemInput, { list: 'liner-infos' }>> = {}): MasterItemInput => ({
  list: 'liner-infos',
  code: unique('L').replace(/\s/g, ''),
  name: unique('Liner'),
  color: '#123456',
  prefixes: [freshPrefix()],
  ...fields,
});

describe('master-data maintenance', () => {
  it('adds, changes and deletes an item of a list that is only a name, as the admins, with its event', async () => {
    const name = unique('Task type');
    const created = await admin.api.masterData.createItem({ body: { list: 'task-types', name: `  ${name} ` } });
    expect(created.message).toBe(messages.masterItemSaved('Task type'));
    const types = await operator.api.masterData.taskTypes();
    expect(types.map((type) => type.name)).toContain(name);
    // A new item goes last.
    expect(types.at(-1)?.name).toBe(name);

    await superadmin.api.masterData.updateItem({
      params: { id: created.id },
      body: { list: 'task-types', name: `${name} 2` },
    });
    expect((await operator.api.masterData.taskTypes()).map((type) => type.name)).toContain(`${name} 2`);

    const deleted = await superadmin.api.masterData.deleteItem({ params: { list: 'task-types', id: created.id } });
    expect(deleted).toEqual({ id: created.id, message: messages.masterItemDeleted('Task type') });
    expect((await operator.api.masterData.taskTypes()).map((type) => type.name)).not.toContain(`${name} 2`);
    await eventually(async () =>
      live.some((message) => message.type === 'masterData.changed.v1' && message.data.list === 'task-types'),
    );
  });

  it('lets a container name an item as soon as it is added, renamed or deleted (the kept lists follow)', async () => {
    const cases = [
      { list: 'categories', field: 'category', id: 'categoryId', label: 'category', extra: {} },
      { list: 'cargo-types', field: 'cargoType', id: 'cargoTypeId', label: 'cargo type', extra: {} },
      { list: 'container-processes', field: 'process', id: 'processId', label: 'process', extra: {} },
      {
        list: 'container-types',
        field: 'containerType',
        id: 'typeId',
        label: 'container type',
        extra: { isoGroup: 'QQ' },
      },
      { list: 'customers', field: 'customer', id: 'customerId', label: 'customer', extra: { code: 'QC' } },
    ] as const;
    const resolve = (field: string, value: string) => containerMasterIds(t.db, { [field]: value });
    for (const entry of cases) {
      const name = unique(entry.label);
      // The lists are read (and kept) before the item exists.
      await expect(resolve(entry.field, name)).rejects.toThrow(messages.unknownMasterData(entry.label, name));
      const body = { list: entry.list, name, ...entry.extra } as MasterItemInput;
      const created = await admin.api.masterData.createItem({ body });
      expect((await resolve(entry.field, name))[entry.id]).toBe(created.id);

      await admin.api.masterData.updateItem({ params: { id: created.id }, body: { ...body, name: `${name} 2` } });
      expect((await resolve(entry.field, `${name} 2`))[entry.id]).toBe(created.id);
      await expect(resolve(entry.field, name)).rejects.toThrow(messages.unknownMasterData(entry.label, name));

      await superadmin.api.masterData.deleteItem({ params: { list: entry.list, id: created.id } });
      await expect(resolve(entry.field, `${name} 2`)).rejects.toThrow(
        messages.unknownMasterData(entry.label, `${name} 2`),
      );
    }
  });

  it('refuses a second item of the same name, and a name of spaces', async () => {
    const refused = await outcome(
      admin.api.masterData.createItem({ body: { list: 'delivery-modes', name: 'Export Out' } }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: messages.masterItemTaken('Delivery mode', 'Export Out') });
    const blank = await outcome(admin.api.masterData.createItem({ body: { list: 'categories', name: '   ' } }));
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ message: messages.masterItemNameRequired });
  });

  it('keeps liners with their colour and owner prefixes; a prefix belongs to one liner', async () => {
    const input = liner();
    const { id } = await admin.api.masterData.createItem({ body: input });
    const saved = (await operator.api.masterData.linerInfos()).find((row) => row.id === id);
    expect(saved).toMatchObject({
      name: input.name,
      color: '#123456',
      prefixes: (input as { prefixes: string[] }).prefixes,
    });

    const taken = await outcome(admin.api.masterData.createItem({ body: liner({ prefixes: ['MSKU'] }) }));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: messages.ownerPrefixTaken('MSKU') });
    const sameCode = await outcome(
      admin.api.masterData.createItem({ body: liner({ code: (input as { code: string }).code }) }),
    );
    expect(sameCode.status).toBe(409);
    const twice = await outcome(admin.api.masterData.createItem({ body: liner({ prefixes: ['QQQU', 'QQQU'] }) }));
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ message: messages.ownerPrefixTwice('QQQU') });
  });

  it('refuses to delete a liner in use by a container, and repaints the grid when its colour changes', async () => {
    const prefix = freshPrefix();
    const { id } = await admin.api.masterData.createItem({ body: liner({ prefixes: [prefix], color: '#00AA00' }) });
    const number = containerNumber(prefix);
    await addContainer(t, superadmin.auth, { containerNumber: number, location: 'A_1_1_1' });
    const input = (await operator.api.masterData.linerInfos()).find((row) => row.id === id)!;

    const gridColour = async () => {
      const grid = await superadmin.api.inventory.grid({ query: { includePlanned: true } });
      const index = grid.linerIndexes[grid.numbers.indexOf(number)]!;
      return grid.liners[index]?.color;
    };
    expect(await gridColour()).toBe('#00AA00');
    await admin.api.masterData.updateItem({
      params: { id },
      body: { list: 'liner-infos', code: input.code, name: input.name, color: '#AA0000', prefixes: input.prefixes },
    });
    // The grid snapshot is cached per inventory version: the liner's change is a new version.
    expect(await gridColour()).toBe('#AA0000');
    await eventually(async () =>
      live.some(
        (message) =>
          message.type === 'inventory.layout.v1' && message.topic === 'inventory' && message.data.reason === 'liners',
      ),
    );

    const refused = await outcome(admin.api.masterData.deleteItem({ params: { list: 'liner-infos', id } }));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: messages.masterItemInUse('Liner', input.name, 'containers or pre-advices'),
    });
    expect((await operator.api.masterData.linerInfos()).some((row) => row.id === id)).toBe(true);
  });

  it('refuses to delete an item another table references by key (a size in use), and to rename one named by text', async () => {
    const sizes = await operator.api.masterData.containerSizes();
    const twenty = sizes.find((size) => size.name === '20')!;
    await addContainer(t, superadmin.auth, { containerNumber: containerNumber(), sizeName: '20' });
    const refused = await outcome(
      admin.api.masterData.deleteItem({ params: { list: 'container-sizes', id: twenty.id } }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: messages.masterItemInUse('Size', '20', 'containers or pre-advices'),
    });

    // A machine keeps its type as text.
    await superadmin.api.machines.save({
      body: { machineName: unique('RS').slice(0, 20), machineType: 'Empty Handler' },
    });
    const handler = (await operator.api.masterData.machineTypes()).find((type) => type.name === 'Empty Handler')!;
    const rename = await outcome(
      admin.api.masterData.updateItem({ params: { id: handler.id }, body: { list: 'machine-types', name: 'Handler' } }),
    );
    expect(rename.status).toBe(409);
    expect(rename.body).toMatchObject({
      message: messages.masterItemRenameInUse('Machine type', 'Empty Handler', 'machines'),
    });
    const remove = await outcome(
      admin.api.masterData.deleteItem({ params: { list: 'machine-types', id: handler.id } }),
    );
    expect(remove.status).toBe(409);
    expect(remove.body).toMatchObject({
      message: messages.masterItemInUse('Machine type', 'Empty Handler', 'machines'),
    });
  });

  it('keeps activities in their group; a group with activities is in use', async () => {
    const groups = await operator.api.masterData.activityGroups();
    const group = groups[0]!;
    const name = unique('Activity');
    const { id } = await admin.api.masterData.createItem({
      body: { list: 'activities', activityGroupId: group.id, name },
    });
    const activities = await operator.api.masterData.activities({ query: { activityGroup: group.name } });
    expect(activities.find((activity) => activity.id === id)?.activityName).toBe(name);
    const refused = await outcome(
      admin.api.masterData.deleteItem({ params: { list: 'activity-groups', id: group.id } }),
    );
    expect(refused.status).toBe(409);
    const noGroup = await outcome(
      admin.api.masterData.createItem({ body: { list: 'activities', activityGroupId: 999_999, name } }),
    );
    expect(noGroup.status).toBe(400);
    expect(noGroup.body).toMatchObject({ message: messages.activityGroupNotFound });
  });

  it('answers a missing item with the list’s words, and only the admins may write', async () => {
    const missing = await outcome(admin.api.masterData.deleteItem({ params: { list: 'customers', id: 999_999 } }));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: messages.masterItemNotFound('Customer') });
    const operatorWrite = await outcome(
      operator.api.masterData.createItem({ body: { list: 'categories', name: unique('Category') } }),
    );
    expect(operatorWrite.status).toBe(403);
  });

  it('does not bring a deleted seeded item back when the server starts again', async () => {
    const machinery = (await operator.api.masterData.cargoTypes()).find((type) => type.name === 'Machinery')!;
    await superadmin.api.masterData.deleteItem({ params: { list: 'cargo-types', id: machinery.id } });
    await seedReferenceData(t.db);
    expect((await operator.api.masterData.cargoTypes()).map((type) => type.name)).not.toContain('Machinery');
  });

  it('serves the shifts as a master-data list to any signed-in user (spec 3 §7)', async () => {
    const shifts = await operator.api.machineShifts.masterList();
    expect(shifts.responsestatus).toBe('success');
    expect(Array.isArray(shifts.shifts)).toBe(true);
    expect((await t.app.inject({ url: '/rest/shifts' })).statusCode).toBe(401);
  });
});

describe('in use, with a write under way (issue 22)', () => {
  it('waits for a task being saved with a delivery mode before deciding that mode may go', async () => {
    const name = unique('Race mode');
    const { id } = await admin.api.masterData.createItem({ body: { list: 'delivery-modes', name } });
    let deleting: ReturnType<typeof outcome> | undefined;
    await t.db.transaction(async (tx) => {
      // A task with the mode, written and not committed yet (the gate's tasks are written so).
      await t.services.tasks.create(
        tx,
        [],
        [{ containerNumber: 'RACE1234567', taskType: 'Grounding', deliveryMode: name, source: 'gate' }],
        { visitId: null, createdBy: null },
      );
      deleting = outcome(admin.api.masterData.deleteItem({ params: { list: 'delivery-modes', id } }));
      // On PostgreSQL the delete is seen waiting for the task's transaction before it commits (on
      // PGlite, one connection, it runs after the commit anyway).
      if (t.databaseKind === 'postgres')
        await eventually(async () =>
          rowsOf<{ waiting: number }>(
            await t.db.execute(
              sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            ),
          ).some((row) => row.waiting > 0),
        );
    });
    const answer = await deleting!;
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message: messages.masterItemInUse('Delivery mode', name, 'tasks') });
    expect((await operator.api.masterData.deliveryModes()).map((mode) => mode.name)).toContain(name);
  });
});
