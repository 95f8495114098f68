import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { roles } from '../roles/roles.table';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    email: text(),
    phone: text(),
    address: text(),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    hidden: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    enteredById: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    lastAccessAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`)],
);
