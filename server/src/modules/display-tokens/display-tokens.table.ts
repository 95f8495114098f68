import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeviceTokenRole } from '@openyard/contracts';
import { users } from '../users/users.table';

// A wall display's or a kiosk's credential (issues 18 and 21). Each token has an account of its own
// (a hidden user of the display or kiosk role, which cannot sign in with a password): the session it opens is that account's, so
// the session, access and live layers treat a display like anyone else. Only the token's SHA-256
// is kept: a token is 32 random bytes, which no dictionary guesses, so a slow hash buys nothing.
export const displayTokens = pgTable(
  'display_tokens',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    // The account's role: a wall display or a public kiosk (DEVICE_TOKEN_ROLES).
    role: text().$type<DeviceTokenRole>().notNull().default('display'),
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check('display_tokens_role', sql`${table.role} in ('display', 'kiosk')`),
    uniqueIndex('display_tokens_hash_unique').on(table.tokenHash),
    // A name picks out one display among those still signed in; a revoked one's name is free again.
    uniqueIndex('display_tokens_name_unique')
      .on(sql`lower(${table.name})`)
      .where(sql`${table.revokedAt} is null`),
  ],
);
