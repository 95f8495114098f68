import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MasterItemInput, MasterListKey } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import {
  activities,
  activityGroups,
  cargoTypes,
  categories,
  containerProcesses,
  containerSizes,
  containerTypes,
  customers,
  deliveryModes,
  linerInfos,
  linerPrefixes,
  machineStatuses,
  masterDataState,
  machineTypes,
  readerTypes,
  taskTypes,
} from './master-data.table';
import { containers, gateReaders, machines, ownerPrefix, tasks, yardRules } from '../../db/schema';

// The reference lists that are only a name, by the path segment the call catalogue gives them.
export const NAMED_LISTS = {
  'container-processes': containerProcesses,
  categories,
  'cargo-types': cargoTypes,
  'delivery-modes': deliveryModes,
  'reader-types': readerTypes,
  'machine-types': machineTypes,
  'machine-statuses': machineStatuses,
  'activity-groups': activityGroups,
  'task-types': taskTypes,
} as const;
export type NamedListName = keyof typeof NAMED_LISTS;

export const masterDataRepository = {
  named(db: Database, list: NamedListName) {
    const table = NAMED_LISTS[list];
    return db.select({ id: table.id, name: table.name }).from(table).orderBy(asc(table.sortOrder), asc(table.name));
  },

  // The version of the lists' contents (master_data_state, bumped by a trigger on each list that a
  // container names), as text: a bigint.
  async version(db: Database) {
    const [row] = await db
      .select({ version: sql<string>`${masterDataState.version}::text` })
      .from(masterDataState)
      .where(eq(masterDataState.id, 1));
    return row?.version ?? '0';
  },

  sizes: (db: Database) => db.select().from(containerSizes).orderBy(asc(containerSizes.sortOrder)),
  types: (db: Database) => db.select().from(containerTypes).orderBy(asc(containerTypes.sortOrder)),
  customers: (db: Database) => db.select().from(customers).orderBy(asc(customers.name)),

  activities(db: Database, groupName?: string) {
    return db
      .select({ activity: activities, group: activityGroups })
      .from(activities)
      .innerJoin(activityGroups, eq(activityGroups.id, activities.activityGroupId))
      .where(groupName ? sql`lower(${activityGroups.name}) = lower(${groupName})` : undefined)
      .orderBy(asc(activityGroups.sortOrder), asc(activities.sortOrder));
  },

  linerInfos(db: Database) {
    return db
      .select({
        id: linerInfos.id,
        code: linerInfos.code,
        name: linerInfos.name,
        color: linerInfos.color,
        prefixes: sql<
          string[]
        >`coalesce(array_agg(${linerPrefixes.prefix} order by ${linerPrefixes.prefix}) filter (where ${linerPrefixes.prefix} is not null), '{}')`,
      })
      .from(linerInfos)
      .leftJoin(linerPrefixes, eq(linerPrefixes.linerId, linerInfos.id))
      .groupBy(linerInfos.id)
      .orderBy(asc(linerInfos.name));
  },
};

// ---------------------------------------------------------------------------------------------
// Maintenance (issue 22): one item of a list added, changed or deleted, in the caller's transaction.
// ---------------------------------------------------------------------------------------------

// Each list's table by its key; all have an id and a name.
const TABLES = {
  ...NAMED_LISTS,
  'liner-infos': linerInfos,
  'container-sizes': containerSizes,
  'container-types': containerTypes,
  customers,
  activities,
} as const satisfies Record<MasterListKey, unknown>;

// The lists others name by their text rather than by a key (the yard's rules, tasks, readers and
// machines keep the name they were given): an item named there is in use, and is neither deleted
// nor renamed. The lists others reference by id are kept by their foreign keys (`restrict`).
const NAMED_BY_TEXT: Partial<Record<MasterListKey, { table: PgTable; column: PgColumn }[]>> = {
  'cargo-types': [{ table: yardRules, column: yardRules.cargoType }],
  'delivery-modes': [{ table: tasks, column: tasks.deliveryMode }],
  'task-types': [{ table: tasks, column: tasks.taskType }],
  'reader-types': [{ table: gateReaders, column: gateReaders.readerType }],
  'machine-types': [{ table: machines, column: machines.machineType }],
  'machine-statuses': [{ table: machines, column: machines.machineStatus }],
};

// The values of a table's row from a save's input (the list key left out).
function rowOf(input: MasterItemInput) {
  switch (input.list) {
    case 'liner-infos':
      return { code: input.code, name: input.name, color: input.color };
    case 'container-sizes':
      return { name: input.name, lengthFeet: input.lengthFeet };
    case 'container-types':
      return { name: input.name, isoGroup: input.isoGroup };
    case 'customers':
      return { code: input.code, name: input.name };
    case 'activities':
      return { name: input.name, activityGroupId: input.activityGroupId };
    default:
      return { name: input.name };
  }
}

type ItemTable = (typeof TABLES)[MasterListKey];

export const masterItemsRepository = {
  // The item's name, its row locked until the transaction ends (a delete or rename and a concurrent
  // save of the same item wait for each other); undefined when there is none.
  async lockedName(db: Database, list: MasterListKey, id: number): Promise<string | undefined> {
    const table: ItemTable = TABLES[list];
    const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id)).for('update');
    return row?.name;
  },

  async insert(db: Database, input: MasterItemInput): Promise<number> {
    const table: ItemTable = TABLES[input.list];
    // A new item goes last in a list that has an order.
    const order =
      'sortOrder' in table
        ? { sortOrder: sql<number>`(select coalesce(max(${table.sortOrder}), 0) + 1 from ${table})` }
        : {};
    const [row] = await db
      .insert(table as typeof linerInfos)
      .values({ ...rowOf(input), ...order } as typeof linerInfos.$inferInsert)
      .returning({ id: table.id });
    return row!.id;
  },

  async update(db: Database, id: number, input: MasterItemInput): Promise<boolean> {
    const table: ItemTable = TABLES[input.list];
    const rows = await db
      .update(table as typeof linerInfos)
      .set(rowOf(input) as Partial<typeof linerInfos.$inferInsert>)
      .where(eq(table.id, id))
      .returning({ id: table.id });
    return rows.length > 0;
  },

  async delete(db: Database, list: MasterListKey, id: number): Promise<boolean> {
    const table: ItemTable = TABLES[list];
    const rows = await db
      .delete(table as typeof linerInfos)
      .where(eq(table.id, id))
      .returning({ id: table.id });
    return rows.length > 0;
  },

  // A liner's owner prefixes, replaced by these.
  async setPrefixes(db: Database, linerId: number, prefixes: readonly string[]) {
    await db.delete(linerPrefixes).where(eq(linerPrefixes.linerId, linerId));
    if (prefixes.length) await db.insert(linerPrefixes).values(prefixes.map((prefix) => ({ prefix, linerId })));
  },

  // Which of these prefixes belong to another liner than this one (null: a new liner).
  async prefixesOfOthers(db: Database, linerId: number | null, prefixes: readonly string[]): Promise<string[]> {
    if (!prefixes.length) return [];
    const rows = await db
      .select({ prefix: linerPrefixes.prefix })
      .from(linerPrefixes)
      .where(
        and(
          inArray(linerPrefixes.prefix, [...prefixes]),
          linerId === null ? undefined : ne(linerPrefixes.linerId, linerId),
        ),
      )
      .orderBy(asc(linerPrefixes.prefix));
    return rows.map((row) => row.prefix);
  },

  // Whether something names the item by its text (NAMED_BY_TEXT), or, for a liner, whether a
  // container's number starts with one of its prefixes (the liner a container shows comes from
  // its owner code, spec 3 §3 "Container prefix table"; no key can hold that).
  //
  // The tables looked at are locked first in SHARE mode until the transaction ends: a write to
  // them that has not committed is waited for (so the look sees it), and one that starts meanwhile
  // waits for this delete or rename (which it then sees). Without the lock a task saved with the
  // name while the look ran would keep a name deleted a moment later (issue 22). SHARE conflicts
  // only with writes to those tables, not with reads, nor with another delete's lock.
  async inUseByText(db: Database, list: MasterListKey, id: number, name: string): Promise<boolean> {
    const looked = list === 'liner-infos' ? [containers] : (NAMED_BY_TEXT[list] ?? []).map(({ table }) => table);
    for (const table of new Set(looked)) await db.execute(sql`lock table ${table} in share mode`);
    if (list === 'liner-infos') {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(containers)
        .innerJoin(linerPrefixes, eq(linerPrefixes.prefix, ownerPrefix(containers.containerNumber)))
        .where(eq(linerPrefixes.linerId, id))
        .limit(1);
      return row !== undefined;
    }
    for (const { table, column } of NAMED_BY_TEXT[list] ?? []) {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(table)
        .where(sql`${column} = ${name}`)
        .limit(1);
      if (row) return true;
    }
    return false;
  },

  namedByText: (list: MasterListKey) => NAMED_BY_TEXT[list] !== undefined,
};
