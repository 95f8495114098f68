import { asc, count, eq, sql } from 'drizzle-orm';
import { PERMISSION_FLAGS, type PermissionSet } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { users } from '../../db/schema';
import { rolePermissions, roles } from './roles.table';

export type RoleRow = typeof roles.$inferSelect;
export type RolePermissionsRow = typeof rolePermissions.$inferSelect;

export function permissionSetOf(row: RolePermissionsRow): PermissionSet {
  return Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, row[flag]])) as PermissionSet;
}

export const rolesRepository = {
  async page(db: Database, offset: number, limit: number) {
    const [rows, [total]] = await Promise.all([
      db.select().from(roles).orderBy(asc(roles.id)).offset(offset).limit(limit),
      db.select({ value: count() }).from(roles),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  all: (db: Database) => db.select().from(roles).orderBy(asc(roles.id)),

  async findById(db: Database, id: number) {
    const [row] = await db.select().from(roles).where(eq(roles.id, id));
    return row;
  },

  async findByName(db: Database, name: string) {
    const [row] = await db
      .select()
      .from(roles)
      .where(sql`lower(${roles.name}) = lower(${name})`);
    return row;
  },

  async insert(db: Database, values: { name: string; adminCreated: boolean }) {
    const [row] = await db.insert(roles).values(values).returning();
    return row!;
  },

  async rename(db: Database, id: number, name: string) {
    const [row] = await db.update(roles).set({ name }).where(eq(roles.id, id)).returning();
    return row;
  },

  async delete(db: Database, id: number) {
    const deleted = await db.delete(roles).where(eq(roles.id, id)).returning({ id: roles.id });
    return deleted.length > 0;
  },

  async userCount(db: Database, roleId: number) {
    const [row] = await db.select({ value: count() }).from(users).where(eq(users.roleId, roleId));
    return row?.value ?? 0;
  },

  async withPermissions(db: Database) {
    return db
      .select({ role: roles, permissions: rolePermissions })
      .from(roles)
      .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
      .orderBy(asc(roles.id));
  },

  async permissionsOf(db: Database, roleId: number) {
    const [row] = await db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    return row;
  },

  async savePermissions(db: Database, roleId: number, landingPage: string, set: PermissionSet) {
    const values = { roleId, landingPage, ...set, updatedAt: new Date() };
    await db.insert(rolePermissions).values(values).onConflictDoUpdate({ target: rolePermissions.roleId, set: values });
  },
};
