import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let admin: Awaited<ReturnType<TestApp['login']>>;
let roleIds: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  admin = await t.login('admin');
  const roles = await t.app.inject({ url: '/rest/roles', headers: superadmin.auth });
  roleIds = new Map(roles.json<{ id: number; name: string }[]>().map((role) => [role.name, role.id]));
});
afterAll(() => t.close());

type Saved = {
  responsestatus: string;
  message: string;
  user: { id: number; username: string; role: { name: string }; enteredBy: { username: string } | null };
};

async function createUser(headers: Record<string, string>, username: string, role = 'operator', extra: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/rest/enterprise/users',
    headers,
    payload: {
      username,
      password: 'pw-1',
      confirmPassword: 'pw-1',
      role: { id: roleIds.get(role) },
      email: `${username}@example.com`,
      ...extra,
    },
  });
}

describe('users', () => {
  it('creates, updates and deletes a user with the spec messages', async () => {
    const created = await createUser(admin.auth, 'clerk-anna');
    expect(created.statusCode).toBe(200);
    const saved = created.json<Saved>();
    expect(saved).toMatchObject({
      message: 'User added successfully',
      user: { username: 'clerk-anna', role: { name: 'operator' }, enteredBy: { username: 'admin' } },
    });

    const updated = await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise/users',
      headers: admin.auth,
      payload: {
        id: saved.user.id,
        username: 'clerk-anna',
        role: { id: roleIds.get('manager') },
        phone: '+91 22 5550 1234',
      },
    });
    expect(updated.json<Saved>()).toMatchObject({
      message: 'User updated successfully',
      user: { role: { name: 'manager' } },
    });
    // The old password still works when an update sends none.
    await t.login('clerk-anna', 'pw-1');

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/rest/enterprise/users/${saved.user.id}`,
      headers: admin.auth,
    });
    expect(deleted.json()).toEqual({ responsestatus: 'success', message: 'User deleted successfully' });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/rest/enterprise/users/${saved.user.id}`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps usernames unique regardless of case', async () => {
    expect((await createUser(admin.auth, 'Dup-User')).statusCode).toBe(200);
    const duplicate = await createUser(admin.auth, 'dup-user');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: 'A user with this username already exists' });
  });

  it('validates input: password confirmation, username shape, unknown role, unknown fields', async () => {
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/users',
      headers: admin.auth,
      payload: { username: 'mismatch', password: 'a', confirmPassword: 'b', role: { id: roleIds.get('operator') } },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ message: "Password and confirm password don't match up" });
    expect((await createUser(admin.auth, 'no spaces allowed')).statusCode).toBe(400);
    expect((await createUser(admin.auth, 'x')).statusCode).toBe(400);
    const unknownRole = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/users',
      headers: admin.auth,
      payload: { username: 'ghost-role', password: 'a', confirmPassword: 'a', role: { id: 99999 } },
    });
    expect(unknownRole.statusCode).toBe(400);
    expect((await createUser(admin.auth, 'extra-field', 'operator', { isRoot: true })).statusCode).toBe(400);
  });

  it('says in words which field was refused, never the schema text', async () => {
    const badEmail = await createUser(admin.auth, 'bad-email', 'operator', { email: 'anna-at-depot' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({
      code: 'VALIDATION',
      field: 'email',
      message: 'Enter a valid e-mail address, like name@example.com',
    });
    expect(badEmail.body).not.toMatch(/pattern|body\//);
    const shortName = await createUser(admin.auth, 'x');
    expect(shortName.json()).toMatchObject({ field: 'username', message: 'Username needs at least 3 characters' });
    const badPage = await t.app.inject({ url: '/rest/enterprise/users?skip=first', headers: admin.auth });
    expect(badPage.json()).toMatchObject({ field: 'skip', message: 'Skip must be a whole number' });

    expect((await createUser(admin.auth, 'Named-Twice')).statusCode).toBe(200);
    const duplicate = await createUser(admin.auth, 'named-twice');
    expect(duplicate.json()).toMatchObject({ field: 'username', message: 'A user with this username already exists' });
  });

  it('applies the strict password rule when it is configured', async () => {
    const strict = await createTestApp({ env: { STRICT_PASSWORD_RULE: 'true' }, demo: true });
    try {
      const session = await strict.login('admin');
      const roles = await strict.app.inject({ url: '/rest/roles', headers: session.auth });
      const operator = roles.json<{ id: number; name: string }[]>().find((role) => role.name === 'operator')!;
      const weak = await strict.app.inject({
        method: 'POST',
        url: '/rest/enterprise/users',
        headers: session.auth,
        payload: { username: 'weak-pw', password: 'password', confirmPassword: 'password', role: { id: operator.id } },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json<{ message: string }>().message).toMatch(/at least 8 characters/);
    } finally {
      await strict.close();
    }
  });

  it('pages 15 at a time with the 1-based start of the spec', async () => {
    for (let i = 0; i < 20; i += 1) await createUser(superadmin.auth, `pager-${String(i).padStart(2, '0')}`);
    const first = (await t.app.inject({ url: '/rest/enterprise/users?skip=1&limit=15', headers: admin.auth })).json<{
      users: { id: number }[];
      totalCount: number;
    }>();
    const second = (await t.app.inject({ url: '/rest/enterprise/users?skip=16&limit=15', headers: admin.auth })).json<{
      users: { id: number }[];
      totalCount: number;
    }>();
    expect(first.users).toHaveLength(15);
    expect(second.totalCount).toBe(first.totalCount);
    expect(second.users.length).toBe(Math.min(15, first.totalCount - 15));
    const firstIds = new Set(first.users.map((user) => user.id));
    expect(second.users.some((user) => firstIds.has(user.id))).toBe(false);
  });

  it('shows hidden users to superadmin only, and keeps admins away from them', async () => {
    const hidden = (await createUser(superadmin.auth, 'hidden-service', 'operator', { hidden: true })).json<Saved>();
    const all = async (auth: Record<string, string>) =>
      (await t.app.inject({ url: '/rest/enterprise/users?skip=1&limit=1000', headers: auth }))
        .json<{ users: { username: string }[] }>()
        .users.map((u) => u.username);
    expect(await all(superadmin.auth)).toContain('hidden-service');
    expect(await all(admin.auth)).not.toContain('hidden-service');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/rest/enterprise/users/${hidden.user.id}`, headers: admin.auth }))
        .statusCode,
    ).toBe(403);
    expect((await createUser(admin.auth, 'sneaky-hidden', 'operator', { hidden: true })).statusCode).toBe(403);
  });

  it('lets only superadmin create superadmins', async () => {
    expect((await createUser(admin.auth, 'wannabe-root', 'superadmin')).statusCode).toBe(403);
    expect((await createUser(superadmin.auth, 'second-root', 'superadmin')).statusCode).toBe(200);
  });

  it('refuses to delete oneself', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/rest/enterprise/users/${admin.userId}`,
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(400);
  });

  it('a disabled user is logged out at once and cannot log in', async () => {
    const saved = (await createUser(admin.auth, 'soon-disabled')).json<Saved>();
    const session = await t.login('soon-disabled', 'pw-1');
    expect((await t.app.inject({ url: '/rest/user', headers: session.auth })).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise/users',
      headers: admin.auth,
      payload: { id: saved.user.id, username: 'soon-disabled', role: { id: roleIds.get('operator') }, enabled: false },
    });
    expect((await t.app.inject({ url: '/rest/user', headers: session.auth })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/rest/login',
      payload: { username: 'soon-disabled', password: 'pw-1' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('a changed role takes effect on the next request', async () => {
    const saved = (await createUser(superadmin.auth, 'promoted', 'operator')).json<Saved>();
    const session = await t.login('promoted', 'pw-1');
    expect((await t.app.inject({ url: '/rest/enterprise/users', headers: session.auth })).statusCode).toBe(403);
    await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise/users',
      headers: superadmin.auth,
      payload: { id: saved.user.id, username: 'promoted', role: { id: roleIds.get('admin') } },
    });
    expect((await t.app.inject({ url: '/rest/enterprise/users', headers: session.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/rest/user', headers: session.auth })).json()).toMatchObject({ role: 'admin' });
  });

  it('GET /me answers the caller', async () => {
    const session = await t.login('gateout');
    expect((await t.app.inject({ url: '/rest/enterprise/users/me', headers: session.auth })).json()).toMatchObject({
      username: 'gateout',
      role: { name: 'gateout' },
    });
  });

  it('exports users as xlsx that only its maker may download', async () => {
    const response = await t.app.inject({
      url: '/rest/enterprise/users/export?startIndex=1&pageSize=5&format=xlsx',
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(200);
    const { filePath } = response.json<{ filePath: string }>();
    expect(filePath).toMatch(/^\/rest\/exports\/[0-9a-f-]{36}\/users-.+\.xlsx$/);
    const file = await t.app.inject({ url: filePath, headers: admin.auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(file.rawPayload).buffer);
    const sheet = book.getWorksheet('Users')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Username');
    expect(sheet.rowCount).toBe(6);
    const other = await t.login('operator');
    expect((await t.app.inject({ url: filePath, headers: other.auth })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: filePath.replace(/users-.*$/, '..%2F..%2Fjwt-secret'), headers: admin.auth }))
        .statusCode,
    ).toBe(404);
  });
});

describe('change password', () => {
  it('applies the rules, checks the old password, and ends the sessions', async () => {
    const saved = (await createUser(admin.auth, 'pw-changer')).json<Saved>();
    const session = await t.login('pw-changer', 'pw-1');
    const otherDevice = await t.login('pw-changer', 'pw-1');
    const change = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/rest/enterprise/users/changePassword',
        headers: session.auth,
        payload: { id: saved.user.id, ...payload },
      });
    expect((await change({ oldPassword: '', newPassword: 'n', confirmPassword: 'n' })).json()).toMatchObject({
      message: 'All fields are required',
    });
    expect((await change({ oldPassword: 'pw-1', newPassword: 'n1', confirmPassword: 'n2' })).json()).toMatchObject({
      message: "Password and confirm password don't match up",
    });
    const wrongOld = await change({ oldPassword: 'nope', newPassword: 'n1', confirmPassword: 'n1' });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toMatchObject({ message: 'Old password is not correct' });
    const unchanged = await change({ oldPassword: 'pw-1', newPassword: 'pw-1', confirmPassword: 'pw-1' });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json()).toMatchObject({ message: 'The new password must be different from the old one' });
    const ok = await change({
      oldPassword: 'pw-1',
      newPassword: 'new-secret',
      confirmPassword: 'new-secret',
      user: { username: 'pw-changer' },
    });
    expect(ok.json()).toEqual({ responsestatus: 'passwordUpdated' });
    // Other devices are signed out at once; this one stays until the client logs out 2 s later.
    expect((await t.app.inject({ url: '/rest/user', headers: otherDevice.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/rest/user', headers: session.auth })).statusCode).toBe(200);
    await t.login('pw-changer', 'new-secret');
  });

  it("cannot change another user's password", async () => {
    const session = await t.login('operator');
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/users/changePassword',
      headers: session.auth,
      payload: { id: admin.userId, oldPassword: 'demo', newPassword: 'x1', confirmPassword: 'x1' },
    });
    expect(response.statusCode).toBe(403);
  });
});
