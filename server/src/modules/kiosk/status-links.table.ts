import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { containers } from '../inventory/containers.table';
import { users } from '../users/users.table';

// A container visit's status link (issue 21, beyond the spec): printed as a QR code on the gate-in
// slip, it shows a driver the container's state and place without a login. The token is 128 random
// bits: nobody guesses one or counts them out, so it is kept as it is (the slip is printed again from
// it); staff revoke a link, and the visit then gets a new one when one is asked for.
export const containerStatusLinks = pgTable(
  'container_status_links',
  {
    id: serial().primaryKey(),
    token: text().notNull(),
    // A visit of a container (a containers row, gate-in to dispatch).
    containerId: integer()
      .notNull()
      .references(() => containers.id, { onDelete: 'cascade' }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('container_status_links_token_unique').on(table.token),
    // One valid link per visit: asking again gives the same one, so a reprinted slip matches.
    uniqueIndex('container_status_links_valid_unique')
      .on(table.containerId)
      .where(sql`${table.revokedAt} is null`),
  ],
);
