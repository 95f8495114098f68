import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db';
import { preparedQuery } from '../../db/prepared';
import { rolePermissions, roles } from '../../db/schema';
import { users } from '../../db/schema';
import { sessions } from './sessions.table';

// Every authenticated request asks it: built once (see preparedQuery).
const loadSession = preparedQuery((db) =>
  db
    .select({ session: sessions, user: users, role: roles, permissions: rolePermissions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('session_load'),
);

export const sessionsRepository = {
  async create(db: Database, values: { id: string; userId: number; ip: string | null; userAgent: string | null }) {
    await db.insert(sessions).values(values);
  },

  // One query answers who the caller is: session, user, role and its stored permissions.
  async load(db: Database, sessionId: string) {
    const [row] = await loadSession(db).execute({ sessionId });
    return row;
  },

  async touch(db: Database, sessionId: string, userId: number, at: Date) {
    await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
    await db.update(users).set({ lastAccessAt: at }).where(eq(users.id, userId));
  },

  async end(db: Database, sessionId: string, reason: string) {
    await db
      .update(sessions)
      .set({ endedAt: sql`now()`, endReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
  },

  // Disabling or deleting a user, or changing a password, ends every open session of that user.
  async endAllOf(db: Database, userId: number, reason: string, exceptSessionId?: string) {
    await db
      .update(sessions)
      .set({ endedAt: sql`now()`, endReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.endedAt),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      );
  },

  async deleteEndedBefore(db: Database, before: Date) {
    await db.delete(sessions).where(or(lt(sessions.endedAt, before), lt(sessions.lastSeenAt, before)));
  },
};
