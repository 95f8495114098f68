import {
  defaultLandingPage,
  defaultPermissions,
  editablePermissionFlags,
  hasRole,
  messages,
  offsetFromOneBasedSkip,
  type PermissionSet,
  type Role,
  type RolePermissions,
  type RolePermissionsUpdate,
  type RoleWithPermissions,
  systemRoleOf,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Principal } from '../auth';
import { databaseError } from '../../lib/database-errors';
import { permissionSetOf, rolesRepository, type RolePermissionsRow, type RoleRow } from './roles.repository';

export function toRole(row: RoleRow): Role {
  return { id: row.id, name: row.name, adminCreated: row.adminCreated };
}

// The stored set when there is one, else the defaults of spec 3 §6 for the system role the role is
// (a role an admin created gets the custom defaults whatever its name).
export function effectivePermissions(
  role: { name: string; adminCreated: boolean },
  stored: RolePermissionsRow | null | undefined,
) {
  const systemRole = systemRoleOf(role);
  return stored
    ? { landingPage: stored.landingPage, permissions: permissionSetOf(stored), stored: true }
    : { landingPage: defaultLandingPage(systemRole), permissions: defaultPermissions(systemRole), stored: false };
}

// accessChanged: called after every committed change to a role or its permissions, so that this
// server forgets the sessions it kept (AccessCache) at once; other servers hear it from the database.
export function createRolesService(db: Database, deps: { accessChanged: () => void }) {
  const changing = <T>(work: Promise<T>) => work.finally(deps.accessChanged);

  async function saveName(action: () => Promise<RoleRow | undefined>, failure: string) {
    try {
      const row = await action();
      if (!row) throw notFound();
      return row;
    } catch (error) {
      throw databaseError(error, { unique: () => conflict(`${failure} ${messages.roleNameTaken}`) });
    }
  }

  return {
    effectivePermissions,

    async page(skip: number | undefined, limit: number) {
      const { rows, total } = await rolesRepository.page(db, offsetFromOneBasedSkip(skip), limit);
      return { roles: rows.map(toRole), totalCount: total };
    },

    async list() {
      return (await rolesRepository.all(db)).map((row) => ({ id: row.id, name: row.name }));
    },

    // GET /rest/roles/{x}: x is a role id or a role name. Others than one's own role need the users menu.
    async find(x: string, principal: Principal): Promise<RoleWithPermissions> {
      const row = /^\d+$/.test(x)
        ? await rolesRepository.findById(db, Number(x))
        : await rolesRepository.findByName(db, x);
      if (!row) throw notFound();
      if (row.id !== principal.roleId && !principal.permissions.usersVisible && !hasRole(principal, 'superadmin')) {
        throw forbidden();
      }
      const { landingPage, permissions } = effectivePermissions(row, await rolesRepository.permissionsOf(db, row.id));
      return { ...toRole(row), landingPage, permissions };
    },

    async create(name: string) {
      const row = await saveName(
        () => rolesRepository.insert(db, { name: name.trim(), adminCreated: true }),
        messages.roleNotAdded,
      );
      return toRole(row);
    },

    async rename(id: number, name: string) {
      const existing = await rolesRepository.findById(db, id);
      if (!existing) throw notFound();
      if (!existing.adminCreated) throw badRequest(`${messages.roleNotUpdated} Built-in roles keep their names.`);
      return toRole(
        await changing(saveName(() => rolesRepository.rename(db, id, name.trim()), messages.roleNotUpdated)),
      );
    },

    async delete(id: number) {
      await changing(
        db.transaction(async (tx) => {
          const existing = await rolesRepository.findById(tx, id);
          if (!existing) throw notFound();
          if (!existing.adminCreated) throw badRequest(messages.roleNotAdminCreated);
          if ((await rolesRepository.userCount(tx, id)) > 0) throw conflict(messages.roleInUse);
          await rolesRepository.delete(tx, id);
        }),
      );
    },

    async permissionsList(): Promise<RolePermissions[]> {
      const rows = await rolesRepository.withPermissions(db);
      return rows.map(({ role, permissions }) => ({
        roleId: role.id,
        roleName: role.name,
        systemRole: systemRoleOf(role),
        ...effectivePermissions(role, permissions),
      }));
    },

    // Admins may not grant the superadmin-only flags, nor change the superadmin role at all.
    async updatePermissions(update: RolePermissionsUpdate, editor: Principal): Promise<RolePermissions> {
      return changing(
        db.transaction(async (tx) => {
          const role = await rolesRepository.findById(tx, update.roleId);
          if (!role) throw notFound();
          if (systemRoleOf(role) === 'superadmin' && !hasRole(editor, 'superadmin')) throw forbidden();
          const current = effectivePermissions(role, await rolesRepository.permissionsOf(tx, role.id));
          const allowed = new Set(editablePermissionFlags(editor));
          const next: PermissionSet = { ...current.permissions };
          for (const [flag, value] of Object.entries(update.permissions) as [
            keyof PermissionSet,
            boolean | undefined,
          ][]) {
            if (value === undefined || value === next[flag]) continue;
            if (!allowed.has(flag)) throw forbidden();
            next[flag] = value;
          }
          await rolesRepository.savePermissions(tx, role.id, update.landingPage, next);
          return {
            roleId: role.id,
            roleName: role.name,
            systemRole: systemRoleOf(role),
            landingPage: update.landingPage,
            stored: true,
            permissions: next,
          };
        }),
      );
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
