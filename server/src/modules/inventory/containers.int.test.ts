import ExcelJS from 'exceljs';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Container, ContainerStatusResponse, ExportFormat, LiveMessage } from '@openyard/contracts';
import { outcome } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer, containerNumber } from '../../test/yard-fixtures';
import { containers } from './containers.table';
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

const rowCount = async () => (await t.db.select({ value: count() }).from(containers))[0]!.value;

describe('PUT /rest/enterprise/containers', () => {
  it('warns about an ISO 6346 failure and writes nothing until skipValidation', async () => {
    const before = await rowCount();
    const bad = 'MSCU1234560'.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
    const warned = await outcome(superadmin.api.containers.save({ body: { containerNumber: bad, sizeName: '20' } }));
    expect(warned.status).toBe(200);
    expect(warned.body.responsestatus).toBe('Invalid container number...');
    expect(warned.body.message).toMatch(/check digit of MSCU1234561 should be/);
    expect(await rowCount()).toBe(before);
    const forced = await outcome(
      superadmin.api.containers.save({ body: { containerNumber: bad, sizeName: '20', skipValidation: true } }),
    );
    expect(forced.body.responsestatus).toBe('success');
    expect(forced.body.container!.containerNumber).toBe(bad);
    expect(
      (await outcome(superadmin.api.containers.save({ body: { containerNumber: 'ABC', sizeName: '20' } }))).status,
    ).toBe(400);
  });

  it('adds with master data by name and the liner from the owner code, then edits', async () => {
    const number = containerNumber('HLXU');
    const added = await outcome(
      superadmin.api.containers.save({
        body: {
          containerNumber: number.toLowerCase(),
          sizeName: '40',
          containerType: 'high cube',
          process: 'Import',
          category: 'General',
          customer: 'KAE',
          cargoType: 'General Cargo',
          igm: '5550001',
          item: '3',
          rfidTagId: '12345678',
          addeddate: Date.UTC(2025, 0, 15),
        },
      }),
    );
    expect(added.body).toMatchObject({
      responsestatus: 'success',
      message: 'Container added successfully',
      container: {
        containerNumber: number,
        sizeName: '40',
        size: 40,
        containerType: 'High Cube',
        process: 'Import',
        liner: 'Hapag-Lloyd',
        linerCode: 'HAPAG',
        customer: 'Konkan Agro Exports',
        igm: '5550001',
        item: '3',
        addeddate: Date.UTC(2025, 0, 15),
        location: null,
        dispatched: false,
      },
    });
    const edited = await outcome(
      superadmin.api.containers.save({
        body: { id: added.body.container!.id, containerNumber: number, containerType: null, hazardous: true, igm: '' },
      }),
    );
    expect(edited.body).toMatchObject({
      message: 'Container updated successfully',
      container: { containerType: null, hazardous: true, igm: null, item: '3', sizeName: '40' },
    });
    expect(
      (
        await outcome(
          superadmin.api.containers.save({
            body: { containerNumber: containerNumber(), sizeName: '20', process: 'Teleport' },
          }),
        )
      ).body.message,
    ).toBe('Unknown process "Teleport"');
    expect(
      (await outcome(superadmin.api.containers.save({ body: { containerNumber: containerNumber() } }))).status,
    ).toBe(400);
  });

  it('refuses a size change that the slot cannot hold', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'C_1_5_1' });
    const changed = await outcome(
      superadmin.api.containers.save({ body: { id: box.id, containerNumber: box.containerNumber, sizeName: '40' } }),
    );
    expect(changed.status).toBe(409);
    expect(changed.body.message).toMatch(/before changing its size/);
  });
});

describe('lists, lookups and history', () => {
  it('pages the yard tab 1-based, searches several texts joined with &*, filters gate-in dates', async () => {
    const igm = String(8_000_000 + Math.floor(Math.random() * 999_999));
    const made: Container[] = [];
    for (let index = 0; index < 4; index += 1)
      made.push(
        await addContainer(t, superadmin.auth, {
          containerNumber: containerNumber('CMAU'),
          igm,
          item: String(index + 1),
          addeddate: Date.UTC(2025, 2, 1 + index),
          ...(index === 0 ? { location: 'B_1_20_1' } : {}),
        }),
      );
    const page1 = await outcome(superadmin.api.containers.inYard({ query: { skip: 1, limit: 3, searchText: igm } }));
    expect(page1.body.totalCount).toBe(4);
    expect(page1.body.entities).toHaveLength(3);
    const page2 = await outcome(superadmin.api.containers.inYard({ query: { skip: 4, limit: 3, searchText: igm } }));
    expect(page2.body.entities).toHaveLength(1);
    // Newest gate-in first.
    expect(page1.body.entities[0]!.id).toBe(made[3]!.id);
    const both = await outcome(superadmin.api.containers.inYard({ query: { searchText: `${igm}&*CMA CGM&*B` } }));
    expect(both.body.entities.map((c) => c.id)).toEqual([made[0]!.id]);
    expect(both.body.entities[0]).toMatchObject({ location: 'B_1_20_1', fullName: 'B_1_20', stackIndex: '1' });
    const dated = await outcome(
      superadmin.api.containers.inYard({
        query: { searchText: igm, fromDate: Date.UTC(2025, 2, 2), toDate: Date.UTC(2025, 2, 3, 12) },
      }),
    );
    expect(dated.body.entities.map((c) => c.id).sort()).toEqual([made[1]!.id, made[2]!.id].sort());
    expect((await outcome(superadmin.api.containers.inYard({ query: { searchText: '%' } }))).body.totalCount).toBe(0);
  });

  it('keeps dispatched visits out of the yard tab and in the All tab; /{n} prefers the active visit', async () => {
    const number = containerNumber('MAEU');
    const first = await addContainer(t, superadmin.auth, { containerNumber: number });
    const { sql } = await import('drizzle-orm');
    await t.db.execute(sql`update containers set dispatched_at = now() where id = ${first.id}`);
    const second = await addContainer(t, superadmin.auth, { containerNumber: number });
    const yard = await outcome(superadmin.api.containers.inYard({ query: { searchText: number } }));
    expect(yard.body.entities.map((c) => c.id)).toEqual([second.id]);
    const all = await outcome(superadmin.api.containers.all({ query: { searchText: number } }));
    expect(all.body.entities.map((c) => c.id).sort()).toEqual([first.id, second.id].sort());
    expect((await outcome(superadmin.api.containers.get({ params: { n: number } }))).body.id).toBe(second.id);
    expect((await outcome(superadmin.api.containers.get({ params: { n: String(first.id) } }))).body.dispatched).toBe(
      true,
    );
    expect((await outcome(superadmin.api.containers.get({ params: { n: containerNumber() } }))).status).toBe(404);
    const movements = await outcome(superadmin.api.containers.movements({ params: { n: String(second.id) } }));
    expect(movements.body).toEqual({ entities: [], totalCount: 0 });
  });

  it('autocompletes numbers, objects and IGM items', async () => {
    const number = containerNumber('ZIMU');
    const box = await addContainer(t, superadmin.auth, {
      containerNumber: number,
      igm: '4440001',
      item: '7',
      location: 'C_2_10_1',
    });
    const numbers = await outcome(
      superadmin.api.containers.autocomplete({ query: { query: number.slice(0, 8).toLowerCase() } }),
    );
    expect(numbers.body).toContain(number);
    const objects = await outcome(superadmin.api.containers.autocompleteObjects({ query: { query: number } }));
    expect(objects.body).toEqual([
      {
        id: box.id,
        containerNumber: number,
        sizeName: '20',
        igm: '4440001',
        item: '7',
        location: 'C_2_10_1',
        dispatched: false,
      },
    ]);
    expect((await outcome(superadmin.api.containers.autocompleteIgm({ query: { query: '444000' } }))).body).toContain(
      '4440001:7',
    );
    expect((await outcome(superadmin.api.containers.autocompleteIgm({ query: { query: '4440001:8' } }))).body).toEqual(
      [],
    );
    // An empty query, sent as it is (the typed client leaves empty texts out of the query string).
    const empty = await t.app.inject({
      url: '/rest/enterprise/containers/autocomplete?query=',
      headers: superadmin.auth,
    });
    expect(empty.json<string[]>()).toEqual([]);
  });

  it('answers the public kiosk status by IGM and item', async () => {
    await addContainer(t, superadmin.auth, { igm: '3330001', item: '1', location: 'C_3_10_1' });
    const response = await t.app.inject({ url: '/rest/enterprise/containers/status?igmNumber=3330001&itemNumber=1' });
    expect(response.statusCode).toBe(200);
    const body = response.json<ContainerStatusResponse>();
    expect(body.responsestatus).toBe('success');
    expect(body.responseMap.containerStatusList).toEqual([
      expect.objectContaining({ status: 'In yard', location: 'C_3_10_1', igmNumber: '3330001', itemNumber: '1' }),
    ]);
    const missing = await t.app.inject({ url: '/rest/enterprise/containers/status?igmNumber=3330001&itemNumber=' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Enter both IGM number and item number' });
  });

  it('updates the movement alert with responsestatus OK', async () => {
    const a = await addContainer(t, superadmin.auth);
    const b = await addContainer(t, superadmin.auth);
    const response = await outcome(
      superadmin.api.containers.updateMovementAlert({ body: { containerIds: [a.id, b.id], movementAlert: true } }),
    );
    expect(response.body).toEqual({ responsestatus: 'OK' });
    expect((await outcome(superadmin.api.containers.get({ params: { n: String(a.id) } }))).body.movementAlert).toBe(
      true,
    );
    const unknown = await outcome(
      superadmin.api.containers.updateMovementAlert({ body: { containerIds: [a.id, 999_999], movementAlert: false } }),
    );
    expect(unknown.status).toBe(404);
    expect((await outcome(superadmin.api.containers.get({ params: { n: String(a.id) } }))).body.movementAlert).toBe(
      true,
    );
  });

  it('deletes a container and tells the inventory it left its slot', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'C_4_10_1' });
    await t.relay.kick();
    events.length = 0;
    expect((await outcome(superadmin.api.containers.delete({ params: { n: box.containerNumber } }))).body).toEqual({
      responsestatus: 'success',
      message: 'Container deleted successfully',
    });
    expect((await outcome(superadmin.api.containers.get({ params: { n: String(box.id) } }))).status).toBe(404);
    expect((await outcome(superadmin.api.containers.delete({ params: { n: String(box.id) } }))).status).toBe(404);
    await t.relay.kick();
    const gone = events.find((event) => event.type === 'inventory.slot.v1' && event.topic === 'inventory:C');
    expect(gone?.data).toMatchObject({
      previousLocation: 'C_4_10_1',
      container: { containerId: box.id, location: null },
    });
  });
});

describe('GET /rest/enterprise/containers/export', () => {
  it('writes the filtered page range as xlsx, row by row', async () => {
    const igm = String(6_000_000 + Math.floor(Math.random() * 999_999));
    const made: Container[] = [];
    for (let index = 0; index < 5; index += 1)
      made.push(
        await addContainer(t, superadmin.auth, {
          igm,
          item: String(index + 1),
          addeddate: Date.UTC(2025, 4, 1 + index),
          ...(index < 2 ? { location: `C_5_${index + 10}_1` } : {}),
        }),
      );
    const response = await outcome(
      superadmin.api.containers.export({ query: { skip: 2, limit: 3, format: 'xlsx', searchText: igm } }),
    );
    expect(response.status).toBe(200);
    expect(response.body.filePath).toMatch(/^\/rest\/exports\/[0-9a-f-]{36}\/containers-.+\.xlsx$/);
    const file = await t.app.inject({ url: response.body.filePath, headers: superadmin.auth });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(file.rawPayload).buffer);
    const sheet = book.getWorksheet('Containers')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Container number',
      'Size',
      'Type',
      'Process',
      'Category',
      'Liner',
      'Customer',
      'Cargo type',
      'Hazardous',
      'IGM',
      'Item',
      'RFID tag',
      'Location',
      'Gate-in',
      'Dispatched',
      'Last moved',
      'Location updated by',
      'Movement alert',
    ]);
    // Newest first, from the second: items 4, 3, 2.
    const expected = [made[3]!, made[2]!, made[1]!];
    expect(sheet.rowCount).toBe(1 + expected.length);
    expected.forEach((container, index) => {
      const row = sheet.getRow(index + 2);
      expect(row.getCell(1).value).toBe(container.containerNumber);
      expect(row.getCell(2).value).toBe('20');
      expect(row.getCell(6).value).toBe('MSC');
      expect(row.getCell(10).value).toBe(igm);
      expect(row.getCell(11).value).toBe(container.item);
      expect(row.getCell(13).value).toBe(container.location ?? '');
      expect((row.getCell(14).value as Date).getTime()).toBe(container.addeddate);
      expect(row.getCell(18).value).toBe('No');
    });
  });

  it('writes csv when asked, and keeps formula-like texts as text in either format', async () => {
    const igm = String(6_000_000 + Math.floor(Math.random() * 999_999));
    const items = ['=1+2', '+3', '-4', '@SUM(1)', '5'];
    for (const [index, item] of items.entries())
      await addContainer(t, superadmin.auth, { igm, item, addeddate: Date.UTC(2025, 5, 1 + index) });
    const exported = async (format: ExportFormat) => {
      const response = await outcome(superadmin.api.containers.export({ query: { format, searchText: igm } }));
      expect(response.status).toBe(200);
      const file = await t.app.inject({ url: response.body.filePath, headers: superadmin.auth });
      expect(file.statusCode).toBe(200);
      return { filePath: response.body.filePath, file };
    };
    // Newest first.
    const neutralised = ['5', "'@SUM(1)", "'-4", "'+3", "'=1+2"];

    const csv = await exported('csv');
    expect(csv.filePath).toMatch(/^\/rest\/exports\/[0-9a-f-]{36}\/containers-.+\.csv$/);
    expect(csv.file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = csv.file.body;
    expect(text.startsWith('\ufeffContainer number,Size,')).toBe(true);
    const lines = text.slice(1).trim().split('\n');
    expect(lines).toHaveLength(1 + items.length);
    expect(lines.slice(1).map((line) => line.split(',')[10])).toEqual(neutralised);
    expect(lines[1]!.split(',')[13]).toBe('2025-06-05T00:00:00Z');

    for (const format of ['xlsx', 'xls'] as const) {
      const { filePath, file } = await exported(format);
      expect(filePath).toMatch(/\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(new Uint8Array(file.rawPayload).buffer);
      const sheet = book.getWorksheet('Containers')!;
      expect(Array.from({ length: items.length }, (_, index) => sheet.getRow(index + 2).getCell(11).value)).toEqual(
        neutralised,
      );
    }
  });
});

describe('permissions', () => {
  it('lets the containers menu read, and create/update rights change', async () => {
    const box = await addContainer(t, superadmin.auth);
    const manager = await t.login('manager');
    expect((await outcome(manager.api.containers.inYard())).status).toBe(403);
    const gatein = await t.login('gatein');
    expect((await outcome(gatein.api.containers.inYard())).status).toBe(200);
    expect(
      (await outcome(gatein.api.containers.save({ body: { id: box.id, containerNumber: box.containerNumber } })))
        .status,
    ).toBe(403);
    expect((await outcome(gatein.api.containers.delete({ params: { n: String(box.id) } }))).status).toBe(403);
    const operator = await t.login('operator');
    expect(
      (
        await outcome(
          operator.api.containers.save({ body: { id: box.id, containerNumber: box.containerNumber, igm: '1' } }),
        )
      ).status,
    ).toBe(200);
  });
});
