import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_SORT_FIELDS, type ErrorResponse, type User, type UsersQuery } from '@openyard/contracts';
import { outcome } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let roleIds: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  const roles = await superadmin.api.roles.list();
  roleIds = new Map(roles.map((role) => [role.name, role.id]));
});
afterAll(() => t.close());

// Every page of the users list, `size` a page, in the server's order.
async function allPages(query: UsersQuery, size: number): Promise<User[]> {
  const found: User[] = [];
  let total = Infinity;
  for (let page = 1; (page - 1) * size < total; page += 1) {
    const { status, body } = await outcome(
      superadmin.api.users.page({ query: { ...query, skip: (page - 1) * size + 1, limit: size } }),
    );
    expect(status).toBe(200);
    total = body.totalCount;
    found.push(...body.users);
  }
  expect(found).toHaveLength(total);
  return found;
}

describe('GET /rest/enterprise/users sorted by a column', () => {
  // Users added out of their names' order, in upper and lower case, some with the same role.
  const tag = `s${Math.floor(Math.random() * 1e6)}`;
  const names = [`${tag}-delta`, `${tag}-Alpha`, `${tag}-echo`, `${tag}-charlie`, `${tag}-Bravo`];
  const rolesOf = ['operator', 'manager', 'operator', 'manager', 'operator'];
  let added: User[] = [];

  beforeAll(async () => {
    added = [];
    for (const [index, username] of names.entries()) {
      const { user } = await superadmin.api.users.create({
        body: {
          username,
          password: 'pw-1',
          confirmPassword: 'pw-1',
          role: { id: roleIds.get(rolesOf[index]!)! },
          ...(index % 2 ? {} : { phone: `+91 22 0000 00${index}` }),
        },
      });
      added.push(user);
    }
  });

  const ours = (users: User[]) => users.filter((user) => user.username.startsWith(tag)).map((user) => user.username);

  it('orders every page by username, in any case, either way', async () => {
    const alphabetical = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(ours(await allPages({ sortBy: 'username', sortOrder: 'asc' }, 2))).toEqual(alphabetical);
    expect(ours(await allPages({ sortBy: 'username', sortOrder: 'desc' }, 3))).toEqual([...alphabetical].reverse());
    // Without a sort, by id as before.
    expect(ours(await allPages({}, 2))).toEqual(names);
  });

  it('orders by role with ties broken by id, and users without a phone last', async () => {
    const byRole = await allPages({ sortBy: 'role' }, 2);
    const roleNames = byRole.map((user) => user.role.name.toLowerCase());
    expect(roleNames).toEqual([...roleNames].sort());
    expect(ours(byRole)).toEqual([names[1], names[3], names[0], names[2], names[4]]);
    const byPhone = await allPages({ sortBy: 'phone', sortOrder: 'desc' }, 4);
    const firstWithout = byPhone.findIndex((user) => user.phone === null);
    expect(byPhone.slice(firstWithout).every((user) => user.phone === null)).toBe(true);
    expect(ours(byPhone.slice(0, firstWithout))).toEqual([names[4], names[2], names[0]]);
  });

  it('sorts by every column it offers', async () => {
    const all = (await allPages({}, 50)).map((user) => user.id).sort((a, b) => a - b);
    for (const field of USER_SORT_FIELDS)
      for (const order of ['asc', 'desc'] as const)
        expect(
          (await allPages({ sortBy: field, sortOrder: order }, 4)).map((user) => user.id).sort((a, b) => a - b),
        ).toEqual(all);
  });

  it('exports in the order the list is sorted by', async () => {
    const sorted = await allPages({ sortBy: 'username', sortOrder: 'desc' }, 50);
    const response = await outcome(
      superadmin.api.users.export({
        query: { format: 'csv', sortBy: 'username', sortOrder: 'desc', startIndex: 2, pageSize: 3 },
      }),
    );
    expect(response.status).toBe(200);
    const file = await t.app.inject({ url: response.body.filePath, headers: superadmin.auth });
    const lines = file.body.slice(1).trim().split('\n').slice(1);
    expect(lines.map((line) => line.split(',')[1])).toEqual(sorted.slice(1, 4).map((user) => user.username));
  });

  it('refuses a column it does not sort by, in words', async () => {
    // Sent as it is: the typed client would not let a column it does not know through.
    const response = await t.app.inject({
      url: '/rest/enterprise/users?sortBy=password_hash',
      headers: superadmin.auth,
    });
    const refused = { status: response.statusCode, body: response.json<ErrorResponse>() };
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('sortBy');
    expect(refused.body.message).toBe(
      'Sort by must be one of username, role, email, phone, enabled, enteredBy, lastAccess',
    );
  });
});
