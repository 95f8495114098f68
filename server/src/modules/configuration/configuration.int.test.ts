import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage, RuleInput } from '@openyard/contracts';
import { outcome, type TestClient } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { projectEvents } from '../../live/projection';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let cells: { id: number; name: string; fullName: string }[];
const events: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  t.bus.subscribe((batch) => events.push(...projectEvents(batch)));
  const layout = await t.api.yard.layout();
  cells = layout.areaLayouts.find((area) => area.name === 'C')!.rowLayouts.flatMap((row) => row.cellLayouts);
});
afterAll(() => t.close());

const save = (body: RuleInput, api: TestClient = superadmin.api) => outcome(api.configuration.save({ body }));

describe('colour rules', () => {
  it('saves, loads, renames and deletes a rule with its cells', async () => {
    const created = await save({
      name: 'Reefer row',
      color: '#33AAFF',
      process: 'import',
      size: '40',
      liner: 'Maersk',
      cells: cells.slice(0, 3),
    });
    expect(created.status).toBe(200);
    expect(created.body.rule).toMatchObject({
      name: 'Reefer row',
      color: '#33AAFF',
      process: 'Import',
      type: 'All',
      size: '40',
      liner: 'Maersk',
      customer: 'All',
      cargoType: 'All',
      hazardous: false,
      cells: cells.slice(0, 3).map(({ id, name, fullName }) => ({ id, name, fullName })),
    });
    const loaded = await superadmin.api.configuration.load();
    expect(loaded.map((rule) => rule.name)).toContain('Reefer row');

    const renamed = await save({ ...created.body.rule, name: 'Reefers', cells: cells.slice(1, 4) });
    expect(renamed.body.rule.cells.map((cell) => cell.id)).toEqual(cells.slice(1, 4).map((cell) => cell.id));

    const remove = () => outcome(superadmin.api.configuration.delete({ params: { id: created.body.rule.id } }));
    expect(await remove()).toEqual({
      status: 200,
      body: { responsestatus: 'success', message: 'Rule deleted successfully' },
    });
    expect((await remove()).status).toBe(404);
    await t.relay.kick();
    expect(events.some((event) => event.type === 'inventory.layout.v1' && event.data.reason === 'rules')).toBe(true);
  });

  it('applies the save rules and messages of the spec', async () => {
    expect((await save({ name: '', color: '#123456', cells: cells.slice(5, 6) })).body.message).toBe(
      'Enter a rule name',
    );
    expect((await save({ name: 'Black', color: '#000000', cells: cells.slice(5, 6) })).body.message).toBe(
      'Choose a colour other than #000000',
    );
    expect((await save({ name: 'Empty', color: '#123456', cells: [] })).body.message).toBe('Select at least one cell');
    expect(
      (await save({ name: 'Odd', color: '#123456', process: 'Teleport', cells: cells.slice(5, 6) })).body.message,
    ).toBe('Unknown process "Teleport"');
    expect((await save({ name: 'Ghost', color: '#123456', cells: [{ id: 999_999 }] })).status).toBe(400);

    expect((await save({ name: 'Export stack', color: '#AA3300', cells: cells.slice(10, 12) })).status).toBe(200);
    const duplicate = await save({ name: 'export STACK', color: '#AA3301', cells: cells.slice(12, 13) });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('Rule with name export STACK already exist!');
    const overlap = await save({ name: 'Overlap', color: '#AA3302', cells: cells.slice(11, 13) });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe(`Cell ${cells[11]!.fullName} already belongs to rule Export stack`);
  });

  it('needs the enterprise edition and create/update rights to edit', async () => {
    const community = await createTestApp({ env: { EDITION: 'community' } });
    try {
      const session = await community.login('superadmin');
      const refused = await save({ name: 'X', color: '#123456', cells: [{ id: 1 }] }, session.api);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ message: 'This feature is only available in Enterprise version' });
      expect((await outcome(session.api.configuration.load())).status).toBe(200);
    } finally {
      await community.close();
    }
    const manager = await t.login('manager');
    expect((await save({ name: 'Nope', color: '#123456', cells: cells.slice(20, 21) }, manager.api)).status).toBe(403);
  });
});
