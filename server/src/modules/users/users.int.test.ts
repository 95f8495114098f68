import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangePasswordBody, UserCreate } from '@openyard/contracts';
import { outcome, type TestClient } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let admin: Awaited<ReturnType<TestApp['login']>>;
let roleIds: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  admin = await t.login('admin');
  const roles = await superadmin.api.roles.list();
  roleIds = new Map(roles.map((role) => [role.name, role.id]));
});
afterAll(() => t.close());

const roleId = (name: string) => roleIds.get(name)!;

function createUser(api: TestClient, username: string, role = 'operator', extra: Partial<UserCreate> = {}) {
  return outcome(
    api.users.create({
      body: {
        username,
        password: 'pw-1',
        confirmPassword: 'pw-1',
        role: { id: roleId(role) },
        email: `${username}@example.com`,
        ...extra,
      },
    }),
  );
}

describe('users', () => {
  it('creates, updates and deletes a user with the spec messages', async () => {
    const created = await createUser(admin.api, 'clerk-anna');
    expect(created.status).toBe(200);
    const saved = created.body;
    expect(saved).toMatchObject({
      message: 'User added successfully',
      user: { username: 'clerk-anna', role: { name: 'operator' }, enteredBy: { username: 'admin' } },
    });

    const updated = await admin.api.users.update({
      body: {
        id: saved.user.id,
        username: 'clerk-anna',
        role: { id: roleId('manager') },
        phone: '+91 22 5550 1234',
      },
    });
    expect(updated).toMatchObject({
      message: 'User updated successfully',
      user: { role: { name: 'manager' } },
    });
    // The old password still works when an update sends none.
    await t.login('clerk-anna', 'pw-1');

    const remove = () => outcome(admin.api.users.delete({ params: { id: saved.user.id } }));
    expect(await remove()).toEqual({
      status: 200,
      body: { responsestatus: 'success', message: 'User deleted successfully' },
    });
    expect((await remove()).status).toBe(404);
  });

  it('keeps usernames unique regardless of case', async () => {
    expect((await createUser(admin.api, 'Dup-User')).status).toBe(200);
    const duplicate = await createUser(admin.api, 'dup-user');
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ message: 'A user with this username already exists' });
  });

  it('validates input: password confirmation, username shape, unknown role, unknown fields', async () => {
    const mismatch = await outcome(
      admin.api.users.create({
        body: { username: 'mismatch', password: 'a', confirmPassword: 'b', role: { id: roleId('operator') } },
      }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ message: "Password and confirm password don't match up" });
    expect((await createUser(admin.api, 'no spaces allowed')).status).toBe(400);
    expect((await createUser(admin.api, 'x')).status).toBe(400);
    const unknownRole = await outcome(
      admin.api.users.create({
        body: { username: 'ghost-role', password: 'a', confirmPassword: 'a', role: { id: 99999 } },
      }),
    );
    expect(unknownRole.status).toBe(400);
    // Sent as it is: the typed client would not let a field the schema does not know through.
    const extraField = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/users',
      headers: admin.auth,
      payload: {
        username: 'extra-field',
        password: 'pw-1',
        confirmPassword: 'pw-1',
        role: { id: roleId('operator') },
        isRoot: true,
      },
    });
    expect(extraField.statusCode).toBe(400);
  });

  it('says in words which field was refused, never the schema text', async () => {
    const badEmail = await createUser(admin.api, 'bad-email', 'operator', { email: 'anna-at-depot' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toMatchObject({
      code: 'VALIDATION',
      field: 'email',
      message: 'Enter a valid e-mail address, like name@example.com',
    });
    expect(JSON.stringify(badEmail.body)).not.toMatch(/pattern|body\//);
    const shortName = await createUser(admin.api, 'x');
    expect(shortName.body).toMatchObject({ field: 'username', message: 'Username needs at least 3 characters' });
    // Sent as it is: the typed client takes a number.
    const badPage = await t.app.inject({ url: '/rest/enterprise/users?skip=first', headers: admin.auth });
    expect(badPage.json()).toMatchObject({ field: 'skip', message: 'Skip must be a whole number' });

    expect((await createUser(admin.api, 'Named-Twice')).status).toBe(200);
    const duplicate = await createUser(admin.api, 'named-twice');
    expect(duplicate.body).toMatchObject({ field: 'username', message: 'A user with this username already exists' });
  });

  it('applies the strict password rule when it is configured', async () => {
    const strict = await createTestApp({ env: { STRICT_PASSWORD_RULE: 'true' }, demo: true });
    try {
      const session = await strict.login('admin');
      const operator = (await session.api.roles.list()).find((role) => role.name === 'operator')!;
      const weak = await outcome(
        session.api.users.create({
          body: { username: 'weak-pw', password: 'password', confirmPassword: 'password', role: { id: operator.id } },
        }),
      );
      expect(weak.status).toBe(400);
      expect(weak.body.message).toMatch(/at least 8 characters/);
    } finally {
      await strict.close();
    }
  });

  it('pages 15 at a time with the 1-based start of the spec', async () => {
    for (let i = 0; i < 20; i += 1) await createUser(superadmin.api, `pager-${String(i).padStart(2, '0')}`);
    const first = await admin.api.users.page({ query: { skip: 1, limit: 15 } });
    const second = await admin.api.users.page({ query: { skip: 16, limit: 15 } });
    expect(first.users).toHaveLength(15);
    expect(second.totalCount).toBe(first.totalCount);
    expect(second.users.length).toBe(Math.min(15, first.totalCount - 15));
    const firstIds = new Set(first.users.map((user) => user.id));
    expect(second.users.some((user) => firstIds.has(user.id))).toBe(false);
  });

  it('shows hidden users to superadmin only, and keeps admins away from them', async () => {
    const hidden = (await createUser(superadmin.api, 'hidden-service', 'operator', { hidden: true })).body;
    const all = async (api: TestClient) =>
      (await api.users.page({ query: { skip: 1, limit: 1000 } })).users.map((u) => u.username);
    expect(await all(superadmin.api)).toContain('hidden-service');
    expect(await all(admin.api)).not.toContain('hidden-service');
    expect((await outcome(admin.api.users.delete({ params: { id: hidden.user.id } }))).status).toBe(403);
    expect((await createUser(admin.api, 'sneaky-hidden', 'operator', { hidden: true })).status).toBe(403);
  });

  it('lets only superadmin create superadmins', async () => {
    expect((await createUser(admin.api, 'wannabe-root', 'superadmin')).status).toBe(403);
    expect((await createUser(superadmin.api, 'second-root', 'superadmin')).status).toBe(200);
  });

  it('refuses to delete oneself', async () => {
    expect((await outcome(admin.api.users.delete({ params: { id: admin.userId } }))).status).toBe(400);
  });

  it('a disabled user is logged out at once and cannot log in', async () => {
    const saved = (await createUser(admin.api, 'soon-disabled')).body;
    const session = await t.login('soon-disabled', 'pw-1');
    expect((await outcome(session.api.auth.user())).status).toBe(200);
    await admin.api.users.update({
      body: { id: saved.user.id, username: 'soon-disabled', role: { id: roleId('operator') }, enabled: false },
    });
    expect((await outcome(session.api.auth.user())).status).toBe(401);
    const login = await outcome(t.api.auth.login({ body: { username: 'soon-disabled', password: 'pw-1' } }));
    expect(login.status).toBe(401);
  });

  it('a changed role takes effect on the next request', async () => {
    const saved = (await createUser(superadmin.api, 'promoted', 'operator')).body;
    const session = await t.login('promoted', 'pw-1');
    expect((await outcome(session.api.users.page())).status).toBe(403);
    await superadmin.api.users.update({
      body: { id: saved.user.id, username: 'promoted', role: { id: roleId('admin') } },
    });
    expect((await outcome(session.api.users.page())).status).toBe(200);
    expect(await session.api.auth.user()).toMatchObject({ role: 'admin' });
  });

  it('GET /me answers the caller', async () => {
    const session = await t.login('gateout');
    expect(await session.api.users.me()).toMatchObject({
      username: 'gateout',
      role: { name: 'gateout' },
    });
  });

  it('exports users as xlsx that only its maker may download', async () => {
    const { filePath } = await admin.api.users.export({ query: { startIndex: 1, pageSize: 5, format: 'xlsx' } });
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
    const saved = (await createUser(admin.api, 'pw-changer')).body;
    const session = await t.login('pw-changer', 'pw-1');
    const otherDevice = await t.login('pw-changer', 'pw-1');
    const change = (body: Omit<ChangePasswordBody, 'id'>) =>
      outcome(session.api.users.changePassword({ body: { id: saved.user.id, ...body } }));
    expect((await change({ oldPassword: '', newPassword: 'n', confirmPassword: 'n' })).body).toMatchObject({
      message: 'All fields are required',
    });
    expect((await change({ oldPassword: 'pw-1', newPassword: 'n1', confirmPassword: 'n2' })).body).toMatchObject({
      message: "Password and confirm password don't match up",
    });
    const wrongOld = await change({ oldPassword: 'nope', newPassword: 'n1', confirmPassword: 'n1' });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toMatchObject({ message: 'Old password is not correct' });
    const unchanged = await change({ oldPassword: 'pw-1', newPassword: 'pw-1', confirmPassword: 'pw-1' });
    expect(unchanged.status).toBe(400);
    expect(unchanged.body).toMatchObject({ message: 'The new password must be different from the old one' });
    const ok = await change({
      oldPassword: 'pw-1',
      newPassword: 'new-secret',
      confirmPassword: 'new-secret',
      user: { username: 'pw-changer' },
    });
    expect(ok).toEqual({ status: 200, body: { responsestatus: 'passwordUpdated' } });
    // Other devices are signed out at once; this one stays until the client logs out 2 s later.
    expect((await outcome(otherDevice.api.auth.user())).status).toBe(401);
    expect((await outcome(session.api.auth.user())).status).toBe(200);
    await t.login('pw-changer', 'new-secret');
  });

  it("cannot change another user's password", async () => {
    const session = await t.login('operator');
    const refused = await outcome(
      session.api.users.changePassword({
        body: { id: admin.userId, oldPassword: 'demo', newPassword: 'x1', confirmPassword: 'x1' },
      }),
    );
    expect(refused.status).toBe(403);
  });
});
