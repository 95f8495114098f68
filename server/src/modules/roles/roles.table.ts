import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const roles = pgTable(
  'roles',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    adminCreated: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Role names compare case-insensitively everywhere (spec 3 §6), so they are unique that way.
  (table) => [uniqueIndex('roles_name_lower_unique').on(sql`lower(${table.name})`)],
);

// A stored permission set overrides the role defaults of spec 3 §6.
export const rolePermissions = pgTable('role_permissions', {
  roleId: integer()
    .primaryKey()
    .references(() => roles.id, { onDelete: 'cascade' }),
  landingPage: text().notNull(),
  dashboardVisible: boolean().notNull(),
  tasksVisible: boolean().notNull(),
  inventoryVisible: boolean().notNull(),
  containersVisible: boolean().notNull(),
  planningVisible: boolean().notNull(),
  machinesVisible: boolean().notNull(),
  trailersVisible: boolean().notNull(),
  itvVisible: boolean().notNull(),
  gateVisible: boolean().notNull(),
  usersVisible: boolean().notNull(),
  reportsVisible: boolean().notNull(),
  deviceLogsVisible: boolean().notNull(),
  chaVehiclesVisible: boolean().notNull(),
  crudEnabled: boolean().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
