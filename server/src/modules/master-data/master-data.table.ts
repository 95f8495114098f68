import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

// Reference lists that are a name and an order; each is its own table so foreign keys stay exact.
const namedList = (name: string) =>
  pgTable(name, {
    id: serial().primaryKey(),
    name: text().notNull().unique(),
    sortOrder: integer().notNull().default(0),
  });

export const containerProcesses = namedList('container_processes');
export const categories = namedList('categories');
export const cargoTypes = namedList('cargo_types');
export const deliveryModes = namedList('delivery_modes');
export const readerTypes = namedList('reader_types');
export const machineTypes = namedList('machine_types');
export const machineStatuses = namedList('machine_statuses');
export const taskTypes = namedList('task_types');
export const activityGroups = namedList('activity_groups');

export const containerSizes = pgTable(
  'container_sizes',
  {
    id: serial().primaryKey(),
    name: text().notNull().unique(),
    lengthFeet: integer().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (table) => [check('container_sizes_length', sql`${table.lengthFeet} in (10, 20, 30, 40, 45, 48, 53)`)],
);

export const containerTypes = pgTable('container_types', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  isoGroup: text().notNull(),
  sortOrder: integer().notNull().default(0),
});

export const customers = pgTable('customers', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
});

export const activities = pgTable(
  'activities',
  {
    id: serial().primaryKey(),
    activityGroupId: integer()
      .notNull()
      .references(() => activityGroups.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (table) => [unique('activities_group_name_unique').on(table.activityGroupId, table.name)],
);

export const linerInfos = pgTable(
  'liner_infos',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    name: text().notNull(),
    color: text().notNull(),
  },
  (table) => [check('liner_infos_color_hex', sql`${table.color} ~ '^#[0-9A-Fa-f]{6}$'`)],
);

// The owner-code prefix table: four letters (ISO 6346 owner code + category) to a shipping line.
export const linerPrefixes = pgTable(
  'liner_prefixes',
  {
    prefix: text().primaryKey(),
    linerId: integer()
      .notNull()
      .references(() => linerInfos.id, { onDelete: 'cascade' }),
  },
  (table) => [check('liner_prefixes_format', sql`${table.prefix} ~ '^[A-Z]{3}[UJZ]$'`)],
);

// One row: the version of the names a container search matches its terms against (customers,
// processes, types, sizes, liners and their prefixes; areas have the layout version). Every
// statement that changes one of them sets it to a new value of a sequence (statement triggers of
// migration 0008) in its own transaction, so a reader that sees a version sees that version's names
// with it: servers keep those names in memory and check the version in the search statement itself.
export const masterDataState = pgTable(
  'master_data_state',
  {
    id: integer().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull().default(0),
    // The master-data lists were seeded (issue 22): from then on they are the administrators' to
    // keep on /master-data, and a restart does not bring back an item they deleted.
    referenceSeeded: boolean().notNull().default(false),
  },
  (table) => [check('master_data_state_single_row', sql`${table.id} = 1`)],
);
