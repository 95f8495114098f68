import { asc, eq, sql } from 'drizzle-orm';
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
  machineTypes,
  readerTypes,
  taskTypes,
  yardZones,
} from './master-data.table';

// The reference lists that are only a name, by the path segment the call catalogue gives them.
export const NAMED_LISTS = {
  'container-processes': containerProcesses,
  categories,
  'cargo-types': cargoTypes,
  'delivery-modes': deliveryModes,
  'yard-zones': yardZones,
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
