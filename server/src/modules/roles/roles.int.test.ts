import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions } from '@openyard/contracts';
import { outcome } from '../../test/api-client';
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

const permissionsOf = async (name: string) =>
  (await superadmin.api.roles.permissions()).rolePermissions.find((row) => row.roleName === name)!;

describe('roles', () => {
  it('lists the built-in roles paged, 15 per page from a 1-based start', async () => {
    const body = await superadmin.api.roles.page({ query: { skip: 1, limit: 15 } });
    expect(body.roles.map((role) => role.name)).toEqual([
      'superadmin',
      'admin',
      'operator',
      'manager',
      'gatein',
      'gateout',
      'kiosk',
      'display',
    ]);
    expect(body.roles.every((role) => !role.adminCreated)).toBe(true);
    expect(body.totalCount).toBe(8);
    const second = await superadmin.api.roles.page({ query: { skip: 3, limit: 2 } });
    expect(second.roles.map((role) => role.name)).toEqual(['operator', 'manager']);
  });

  it('creates, renames and deletes an admin-created role with the spec messages', async () => {
    const created = await superadmin.api.roles.create({ body: { name: 'Planner' } });
    expect(created).toMatchObject({
      message: 'Role added successfully',
      role: { name: 'Planner', adminCreated: true },
    });
    const id = created.role.id;
    const renamed = await superadmin.api.roles.rename({ body: { id, name: 'Yard Planner' } });
    expect(renamed).toMatchObject({ message: 'Role updated successfully', role: { name: 'Yard Planner' } });
    const deleted = await superadmin.api.roles.delete({ params: { id } });
    expect(deleted).toEqual({ responsestatus: 'success', message: 'Role deleted successfully' });
  });

  it('keeps role names unique regardless of case', async () => {
    const duplicate = await outcome(superadmin.api.roles.create({ body: { name: 'ADMIN' } }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toContain('Role could not be added!');
  });

  it('deletes only admin-created roles, and none that users still have', async () => {
    const operator = (await superadmin.api.roles.list()).find((role) => role.name === 'operator')!;
    const builtIn = await outcome(superadmin.api.roles.delete({ params: { id: operator.id } }));
    expect(builtIn.status).toBe(400);
    expect(builtIn.body).toMatchObject({ message: 'Only roles created by an admin can be deleted' });

    const roleId = (await superadmin.api.roles.create({ body: { name: 'Surveyor' } })).role.id;
    await superadmin.api.users.create({
      body: { username: 'surveyor-1', password: 'p', confirmPassword: 'p', role: { id: roleId } },
    });
    const inUse = await outcome(superadmin.api.roles.delete({ params: { id: roleId } }));
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ message: 'This role is assigned to users and can not be deleted' });
  });

  it('manages roles for superadmin only; admin gets 403', async () => {
    expect((await outcome(admin.api.roles.page())).status).toBe(403);
    expect((await outcome(admin.api.roles.create({ body: { name: 'x-role' } }))).status).toBe(403);
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
    expect((await manager.api.auth.user()).permissions.tasksVisible).toBe(false);
    const saved = await admin.api.roles.updatePermissions({
      body: { roleId: before.roleId, landingPage: '/reports', permissions: { tasksVisible: true } },
    });
    expect(saved).toMatchObject({
      message: 'Permissions updated successfully',
      stored: true,
      landingPage: '/reports',
    });
    const info = await manager.api.auth.user();
    expect(info.landingPage).toBe('/reports');
    expect(info.permissions).toMatchObject({ tasksVisible: true, reportsVisible: true });
    expect((await permissionsOf('manager')).stored).toBe(true);
  });

  it('does not let admins grant inventory or device logs, or touch the superadmin role', async () => {
    const operator = await permissionsOf('operator');
    const grantInventory = {
      roleId: operator.roleId,
      landingPage: '/containers',
      permissions: { inventoryVisible: true },
    };
    const grant = await outcome(admin.api.roles.updatePermissions({ body: grantInventory }));
    expect(grant.status).toBe(403);
    expect((await permissionsOf('operator')).permissions.inventoryVisible).toBe(false);
    const root = await permissionsOf('superadmin');
    const touch = await outcome(
      admin.api.roles.updatePermissions({ body: { roleId: root.roleId, landingPage: '/main', permissions: {} } }),
    );
    expect(touch.status).toBe(403);
    const bySuperadmin = await outcome(superadmin.api.roles.updatePermissions({ body: grantInventory }));
    expect(bySuperadmin.status).toBe(200);
  });

  it('rejects an invalid landing page', async () => {
    const operator = await permissionsOf('operator');
    const refused = await outcome(
      superadmin.api.roles.updatePermissions({
        body: { roleId: operator.roleId, landingPage: 'https://evil.example', permissions: {} },
      }),
    );
    expect(refused.status).toBe(400);
  });
});

describe('GET /rest/roles/{x}', () => {
  it('answers a role by id or name with its permissions', async () => {
    const find = (x: string) => outcome(admin.api.roles.find({ params: { x } }));
    const byName = await admin.api.roles.find({ params: { x: 'GATEIN' } });
    expect(byName).toMatchObject({
      name: 'gatein',
      landingPage: '/gate',
      permissions: defaultPermissions('gatein'),
    });
    expect((await find(String(byName.id))).body).toMatchObject({ name: 'gatein' });
    expect((await find('no-such-role')).status).toBe(404);
  });

  it("lets a user read their own role but not others' without the users menu", async () => {
    const gatein = await t.login('gatein');
    expect((await outcome(gatein.api.roles.find({ params: { x: 'gatein' } }))).status).toBe(200);
    expect((await outcome(gatein.api.roles.find({ params: { x: 'admin' } }))).status).toBe(403);
  });
});

describe('a role named like a system role', () => {
  it('"Super Admin" created by an admin gets none of the superadmin powers', async () => {
    const roleId = (await superadmin.api.roles.create({ body: { name: 'Super Admin' } })).role.id;
    // Runs on the defaults (no stored set): those of a role an admin created.
    const row = await permissionsOf('Super Admin');
    expect(row).toMatchObject({ systemRole: null, stored: false, landingPage: '/main' });
    expect(row.permissions.inventoryVisible).toBe(false);
    expect(row.permissions.crudEnabled).toBe(false);

    await superadmin.api.users.create({
      body: {
        username: 'fake-super',
        password: 'Secret-123!',
        confirmPassword: 'Secret-123!',
        role: { id: roleId },
      },
    });
    const fake = await t.login('fake-super', 'Secret-123!');
    expect(await fake.api.auth.user()).toMatchObject({ role: 'Super Admin', systemRole: null });
    // Superadmin-only calls, the superadmin-only live topic and the superadmin role stay closed.
    expect((await outcome(fake.api.roles.page())).status).toBe(403);
    expect((await outcome(fake.api.deviceLogs.page({ params: { x: 'all' } }))).status).toBe(403);
    const superadminRole = await permissionsOf('superadmin');
    const grant = await outcome(
      fake.api.roles.updatePermissions({
        body: { roleId: superadminRole.roleId, landingPage: '/dashboard', permissions: { usersVisible: false } },
      }),
    );
    expect(grant.status).toBe(403);
    // The real one still is superadmin.
    expect(await superadmin.api.auth.user()).toMatchObject({
      systemRole: 'superadmin',
    });
  });
});
