import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions } from '@openyard/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let admin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  admin = await t.login('admin');
});
afterAll(() => t.close());

type RolePermissions = {
  roleId: number;
  roleName: string;
  landingPage: string;
  stored: boolean;
  permissions: Record<string, boolean>;
};
const permissionsOf = async (name: string) =>
  (await t.app.inject({ url: '/rest/enterprise/roles/permissions', headers: superadmin.auth }))
    .json<{ rolePermissions: RolePermissions[] }>()
    .rolePermissions.find((row) => row.roleName === name)!;

describe('roles', () => {
  it('lists the built-in roles paged, 15 per page from a 1-based start', async () => {
    const page = await t.app.inject({ url: '/rest/enterprise/roles?skip=1&limit=15', headers: superadmin.auth });
    const body = page.json<{ roles: { name: string; adminCreated: boolean }[]; totalCount: number }>();
    expect(body.roles.map((role) => role.name)).toEqual([
      'superadmin',
      'admin',
      'operator',
      'manager',
      'gatein',
      'gateout',
      'kiosk',
    ]);
    expect(body.roles.every((role) => !role.adminCreated)).toBe(true);
    expect(body.totalCount).toBe(7);
    const second = await t.app.inject({ url: '/rest/enterprise/roles?skip=3&limit=2', headers: superadmin.auth });
    expect(second.json<{ roles: { name: string }[] }>().roles.map((role) => role.name)).toEqual([
      'operator',
      'manager',
    ]);
  });

  it('creates, renames and deletes an admin-created role with the spec messages', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/roles',
      headers: superadmin.auth,
      payload: { name: 'Planner' },
    });
    expect(created.json()).toMatchObject({
      message: 'Role added successfully',
      role: { name: 'Planner', adminCreated: true },
    });
    const id = created.json<{ role: { id: number } }>().role.id;
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise/roles',
      headers: superadmin.auth,
      payload: { id, name: 'Yard Planner' },
    });
    expect(renamed.json()).toMatchObject({ message: 'Role updated successfully', role: { name: 'Yard Planner' } });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/rest/enterprise/roles/${id}`,
      headers: superadmin.auth,
    });
    expect(deleted.json()).toEqual({ responsestatus: 'success', message: 'Role deleted successfully' });
  });

  it('keeps role names unique regardless of case', async () => {
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/roles',
      headers: superadmin.auth,
      payload: { name: 'ADMIN' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<{ message: string }>().message).toContain('Role could not be added!');
  });

  it('deletes only admin-created roles, and none that users still have', async () => {
    const roles = await t.app.inject({ url: '/rest/roles', headers: superadmin.auth });
    const operator = roles.json<{ id: number; name: string }[]>().find((role) => role.name === 'operator')!;
    const builtIn = await t.app.inject({
      method: 'DELETE',
      url: `/rest/enterprise/roles/${operator.id}`,
      headers: superadmin.auth,
    });
    expect(builtIn.statusCode).toBe(400);
    expect(builtIn.json()).toMatchObject({ message: 'Only roles created by an admin can be deleted' });

    const created = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/roles',
      headers: superadmin.auth,
      payload: { name: 'Surveyor' },
    });
    const roleId = created.json<{ role: { id: number } }>().role.id;
    await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/users',
      headers: superadmin.auth,
      payload: { username: 'surveyor-1', password: 'p', confirmPassword: 'p', role: { id: roleId } },
    });
    const inUse = await t.app.inject({
      method: 'DELETE',
      url: `/rest/enterprise/roles/${roleId}`,
      headers: superadmin.auth,
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ message: 'This role is assigned to users and can not be deleted' });
  });

  it('manages roles for superadmin only; admin gets 403', async () => {
    expect((await t.app.inject({ url: '/rest/enterprise/roles', headers: admin.auth })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/rest/enterprise/roles',
          headers: admin.auth,
          payload: { name: 'x-role' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('role permissions', () => {
  it('reports the defaults of spec 3 §6 for roles without a stored set', async () => {
    const operator = await permissionsOf('operator');
    expect(operator).toMatchObject({
      stored: false,
      landingPage: '/containers',
      permissions: defaultPermissions('operator'),
    });
  });

  it('stores a set that then decides the menus and access at once', async () => {
    const before = await permissionsOf('manager');
    const manager = await t.login('manager');
    expect(
      (await t.app.inject({ url: '/rest/user', headers: manager.auth })).json<{
        permissions: { tasksVisible: boolean };
      }>().permissions.tasksVisible,
    ).toBe(false);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise/roles/permissions',
      headers: admin.auth,
      payload: { roleId: before.roleId, landingPage: '/reports', permissions: { tasksVisible: true } },
    });
    expect(saved.json()).toMatchObject({
      message: 'Permissions updated successfully',
      stored: true,
      landingPage: '/reports',
    });
    const info = (await t.app.inject({ url: '/rest/user', headers: manager.auth })).json<{
      landingPage: string;
      permissions: { tasksVisible: boolean; reportsVisible: boolean };
    }>();
    expect(info.landingPage).toBe('/reports');
    expect(info.permissions).toMatchObject({ tasksVisible: true, reportsVisible: true });
    expect((await permissionsOf('manager')).stored).toBe(true);
  });

  it('does not let admins grant inventory or device logs, or touch the superadmin role', async () => {
    const operator = await permissionsOf('operator');
    const grant = await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise/roles/permissions',
      headers: admin.auth,
      payload: { roleId: operator.roleId, landingPage: '/containers', permissions: { inventoryVisible: true } },
    });
    expect(grant.statusCode).toBe(403);
    expect((await permissionsOf('operator')).permissions.inventoryVisible).toBe(false);
    const root = await permissionsOf('superadmin');
    const touch = await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise/roles/permissions',
      headers: admin.auth,
      payload: { roleId: root.roleId, landingPage: '/main', permissions: {} },
    });
    expect(touch.statusCode).toBe(403);
    const bySuperadmin = await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise/roles/permissions',
      headers: superadmin.auth,
      payload: { roleId: operator.roleId, landingPage: '/containers', permissions: { inventoryVisible: true } },
    });
    expect(bySuperadmin.statusCode).toBe(200);
  });

  it('rejects an invalid landing page', async () => {
    const operator = await permissionsOf('operator');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise/roles/permissions',
      headers: superadmin.auth,
      payload: { roleId: operator.roleId, landingPage: 'https://evil.example', permissions: {} },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /rest/roles/{x}', () => {
  it('answers a role by id or name with its permissions', async () => {
    const byName = await t.app.inject({ url: '/rest/roles/GATEIN', headers: admin.auth });
    expect(byName.json()).toMatchObject({
      name: 'gatein',
      landingPage: '/gate',
      permissions: defaultPermissions('gatein'),
    });
    const byId = await t.app.inject({ url: `/rest/roles/${byName.json<{ id: number }>().id}`, headers: admin.auth });
    expect(byId.json()).toMatchObject({ name: 'gatein' });
    expect((await t.app.inject({ url: '/rest/roles/no-such-role', headers: admin.auth })).statusCode).toBe(404);
  });

  it("lets a user read their own role but not others' without the users menu", async () => {
    const kiosk = await t.login('kiosk');
    expect((await t.app.inject({ url: '/rest/roles/kiosk', headers: kiosk.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/rest/roles/admin', headers: kiosk.auth })).statusCode).toBe(403);
  });
});

describe('a role named like a system role', () => {
  it('"Super Admin" created by an admin gets none of the superadmin powers', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/roles',
      headers: superadmin.auth,
      payload: { name: 'Super Admin' },
    });
    expect(created.statusCode).toBe(200);
    const roleId = created.json<{ role: { id: number } }>().role.id;
    // Runs on the defaults (no stored set): those of a role an admin created.
    const row = await permissionsOf('Super Admin');
    expect(row).toMatchObject({ systemRole: null, stored: false, landingPage: '/main' });
    expect(row.permissions.inventoryVisible).toBe(false);
    expect(row.permissions.crudEnabled).toBe(false);

    const user = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/users',
      headers: superadmin.auth,
      payload: {
        username: 'fake-super',
        password: 'Secret-123!',
        confirmPassword: 'Secret-123!',
        role: { id: roleId },
      },
    });
    expect(user.statusCode).toBe(200);
    const fake = await t.login('fake-super', 'Secret-123!');
    const info = (await t.app.inject({ url: '/rest/user', headers: fake.auth })).json<Record<string, unknown>>();
    expect(info).toMatchObject({ role: 'Super Admin', systemRole: null });
    // Superadmin-only calls, the superadmin-only live topic and the superadmin role stay closed.
    expect((await t.app.inject({ url: '/rest/enterprise/roles', headers: fake.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/rest/enterprise/devicelogs/all', headers: fake.auth })).statusCode).toBe(403);
    const superadminRole = await permissionsOf('superadmin');
    const grant = await t.app.inject({
      method: 'PUT',
      url: '/rest/enterprise/roles/permissions',
      headers: fake.auth,
      payload: { roleId: superadminRole.roleId, landingPage: '/dashboard', permissions: { usersVisible: false } },
    });
    expect(grant.statusCode).toBe(403);
    // The real one still is superadmin.
    expect((await t.app.inject({ url: '/rest/user', headers: superadmin.auth })).json()).toMatchObject({
      systemRole: 'superadmin',
    });
  });
});
