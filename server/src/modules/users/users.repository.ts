import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SortOrder, UserSortField } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { roles } from '../../db/schema';
import { users } from './users.table';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

const enteredBy = alias(users, 'entered_by');

function listQuery(db: Database, where: SQL | undefined, order: SQL[] = [asc(users.id)]) {
  return db
    .select({ user: users, role: roles, enteredBy: { username: enteredBy.username } })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(enteredBy, eq(enteredBy.id, users.enteredById))
    .where(where)
    .orderBy(...order);
}

// A list sorted by a column across its pages (UsersQuery's sortBy/sortOrder).
export interface UserSort {
  by: UserSortField;
  order: SortOrder;
}

// What each sortable column orders by (only these: the client names a column, never SQL); texts in
// lower case.
const sortKeys: Record<UserSortField, SQL> = {
  username: sql`lower(${users.username})`,
  role: sql`lower(${roles.name})`,
  email: sql`lower(${users.email})`,
  phone: sql`${users.phone}`,
  enabled: sql`${users.enabled}`,
  enteredBy: sql`lower(${enteredBy.username})`,
  lastAccess: sql`${users.lastAccessAt}`,
};

// Empty values last in either direction; ties by id. Without a sort, by id.
function orderOf(sort: UserSort | undefined): SQL[] {
  if (!sort) return [asc(users.id)];
  const direction = sort.order === 'desc' ? sql`desc` : sql`asc`;
  return [sql`${sortKeys[sort.by]} ${direction} nulls last`, sql`${users.id} ${direction}`];
}

export type UserListRow = Awaited<ReturnType<typeof listQuery>>[number];

export const usersRepository = {
  async findByUsername(db: Database, username: string) {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  },

  async findById(db: Database, id: number) {
    const [row] = await listQuery(db, eq(users.id, id));
    return row;
  },

  async page(db: Database, options: { offset: number; limit: number; includeHidden: boolean; sort?: UserSort }) {
    const where = options.includeHidden ? undefined : eq(users.hidden, false);
    const [rows, [total]] = await Promise.all([
      listQuery(db, where, orderOf(options.sort)).offset(options.offset).limit(options.limit),
      db.select({ value: count() }).from(users).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  async count(db: Database) {
    const [row] = await db.select({ value: count() }).from(users);
    return row?.value ?? 0;
  },

  async insert(db: Database, values: NewUserRow) {
    const [row] = await db.insert(users).values(values).returning({ id: users.id });
    return row!.id;
  },

  async update(db: Database, id: number, values: Partial<NewUserRow>) {
    const updated = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return updated.length > 0;
  },

  async delete(db: Database, id: number) {
    const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return deleted.length > 0;
  },
};
