import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTAINER_SORT_FIELDS, type Container, type ContainersQuery, type ErrorResponse } from '@openyard/contracts';
import { outcome } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer, containerNumber } from '../../test/yard-fixtures';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
});
afterAll(() => t.close());

// Every page of a search of the yard tab (inYard) or the All tab (all), `size` rows a page, in the
// order the server gives them.
async function allPages(
  list: 'inYard' | 'all',
  query: ContainersQuery,
  size: number,
  total: number,
): Promise<Container[]> {
  const found: Container[] = [];
  for (let page = 1; (page - 1) * size < total; page += 1) {
    const { status, body } = await outcome(
      superadmin.api.containers[list]({ query: { ...query, skip: (page - 1) * size + 1, limit: size } }),
    );
    expect(status).toBe(200);
    expect(body.totalCount).toBe(total);
    found.push(...body.entities);
  }
  return found;
}

describe('GET /rest/enterprise/containers sorted by a column', () => {
  // Seven containers of one IGM (the search keeps to them): numbers added out of order, three
  // customers with a tie and two without one, gate-in days that are not the numbers' order.
  const igm = String(7_000_000 + Math.floor(Math.random() * 999_999));
  const customers = [
    'Sahyadri Pharma',
    null,
    'Konkan Agro Exports',
    'Sahyadri Pharma',
    null,
    'Western India Textiles',
    'Konkan Agro Exports',
  ];
  let added: Container[] = [];

  beforeAll(async () => {
    const numbers = customers.map(() => containerNumber('TGHU'));
    const shuffled = [numbers[3]!, numbers[0]!, numbers[6]!, numbers[1]!, numbers[5]!, numbers[2]!, numbers[4]!];
    added = [];
    for (const [index, number] of shuffled.entries())
      added.push(
        await addContainer(t, superadmin.auth, {
          containerNumber: number,
          igm,
          item: String(index),
          customer: customers[index],
          addeddate: Date.UTC(2025, 3, 1 + ((index * 3) % 7)),
        }),
      );
  });

  it('orders every page by the container number, either way, not only the page', async () => {
    const byNumber = [...added].sort((a, b) => a.containerNumber.localeCompare(b.containerNumber));
    for (const list of ['inYard', 'all'] as const) {
      const ascending = await allPages(list, { searchText: igm, sortBy: 'containerNumber', sortOrder: 'asc' }, 3, 7);
      expect(ascending.map((container) => container.containerNumber)).toEqual(
        byNumber.map((container) => container.containerNumber),
      );
      const descending = await allPages(list, { searchText: igm, sortBy: 'containerNumber', sortOrder: 'desc' }, 2, 7);
      expect(descending.map((container) => container.containerNumber)).toEqual(
        byNumber.reverse().map((container) => container.containerNumber),
      );
      byNumber.reverse();
    }
  });

  it('orders by customer with ties broken by id and containers without one last, either way', async () => {
    const named = (order: 'asc' | 'desc') => {
      const sign = order === 'asc' ? 1 : -1;
      return [...added]
        .filter((container) => container.customer !== null)
        .sort((a, b) => sign * (a.customer!.localeCompare(b.customer!) || a.id - b.id));
    };
    const withoutCustomer = (order: 'asc' | 'desc') =>
      added
        .filter((container) => container.customer === null)
        .sort((a, b) => (order === 'asc' ? a.id - b.id : b.id - a.id));
    for (const order of ['asc', 'desc'] as const) {
      const found = await allPages('inYard', { searchText: igm, sortBy: 'customer', sortOrder: order }, 3, 7);
      expect(found.map((container) => container.id)).toEqual(
        [...named(order), ...withoutCustomer(order)].map((container) => container.id),
      );
    }
  });

  it('orders by gate-in, oldest first, and keeps newest first without a sort', async () => {
    const oldest = [...added].sort((a, b) => a.addeddate - b.addeddate || a.id - b.id);
    const ascending = await allPages('inYard', { searchText: igm, sortBy: 'addeddate' }, 4, 7);
    expect(ascending.map((container) => container.id)).toEqual(oldest.map((container) => container.id));
    const unsorted = await allPages('inYard', { searchText: igm }, 4, 7);
    expect(unsorted.map((container) => container.id)).toEqual(
      [...added].sort((a, b) => b.addeddate - a.addeddate || b.id - a.id).map((container) => container.id),
    );
  });

  it('sorts by every column it offers, each page a part of one order', async () => {
    for (const field of CONTAINER_SORT_FIELDS)
      for (const order of ['asc', 'desc'] as const) {
        const found = await allPages('all', { searchText: igm, sortBy: field, sortOrder: order }, 3, 7);
        expect(found.map((container) => container.id).sort((a, b) => a - b)).toEqual(
          added.map((container) => container.id).sort((a, b) => a - b),
        );
      }
  });

  it('orders by location: area, row, column and tier, containers standing nowhere last', async () => {
    const located = await Promise.all(
      ['C_1_5_1', 'B_1_20_1', 'B_1_19_1'].map((location) =>
        addContainer(t, superadmin.auth, { igm: `${igm}L`, location }),
      ),
    );
    const nowhere = await addContainer(t, superadmin.auth, { igm: `${igm}L` });
    const found = await allPages('inYard', { searchText: `${igm}L`, sortBy: 'location' }, 3, 4);
    expect(found.map((container) => container.location)).toEqual([
      located[2]!.location,
      located[1]!.location,
      located[0]!.location,
      null,
    ]);
    expect(found[3]!.id).toBe(nowhere.id);
  });

  it('sorts a list without search terms across its pages', async () => {
    const { body } = await outcome(superadmin.api.containers.all({ query: { limit: 1 } }));
    const total = body.totalCount;
    const first = await outcome(superadmin.api.containers.all({ query: { sortBy: 'containerNumber', limit: 5 } }));
    const last = await outcome(
      superadmin.api.containers.all({ query: { sortBy: 'containerNumber', sortOrder: 'desc', limit: 5 } }),
    );
    expect(first.body.totalCount).toBe(total);
    const lowest = first.body.entities.map((container) => container.containerNumber);
    const highest = last.body.entities.map((container) => container.containerNumber);
    expect(lowest).toEqual([...lowest].sort());
    expect(highest).toEqual([...highest].sort().reverse());
    // The lowest numbers of every page are below the highest of every page.
    expect(lowest[lowest.length - 1]! < highest[highest.length - 1]!).toBe(true);
  });

  it('exports in the order the list is sorted by', async () => {
    const response = await outcome(
      superadmin.api.containers.export({
        query: { format: 'csv', searchText: igm, sortBy: 'containerNumber', sortOrder: 'desc', skip: 2, limit: 4 },
      }),
    );
    expect(response.status).toBe(200);
    const file = await t.app.inject({ url: response.body.filePath, headers: superadmin.auth });
    const lines = file.body.slice(1).trim().split('\n').slice(1);
    const byNumber = added
      .map((container) => container.containerNumber)
      .sort()
      .reverse();
    expect(lines.map((line) => line.split(',')[0])).toEqual(byNumber.slice(1, 5));
  });

  it('refuses a column it does not sort by, and a direction, in words', async () => {
    // Sent as they are: the typed client would not let a column or direction it does not know through.
    const raw = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: superadmin.auth });
      return { status: response.statusCode, body: response.json<ErrorResponse>() };
    };
    const column = await raw(`/rest/enterprise/containers?sortBy=gate_in_at;drop table containers`);
    expect(column.status).toBe(400);
    expect(column.body.field).toBe('sortBy');
    expect(column.body.message).toBe(
      'Sort by must be one of containerNumber, size, containerType, liner, process, customer, igm, location, addeddate, lastMovedDate, dispatched',
    );
    const direction = await raw(`/rest/enterprise/containers/export?sortBy=igm&sortOrder=up`);
    expect(direction.status).toBe(400);
    expect(direction.body.field).toBe('sortOrder');
    expect(direction.body.message).toBe('Sort order must be one of asc, desc');
  });
});
