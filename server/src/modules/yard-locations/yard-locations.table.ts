import { sql } from 'drizzle-orm';
import { check, doublePrecision, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

// Yard locations (spec 3 §3): a named polygon of the yard map, a yard zone or a place tasks go to.
// The corners are two arrays in step (latitudes[i], longitudes[i]); the database keeps what it can
// check row by row (4 to 8 corners, each on the globe, a name, a type of the list, one location per
// name); that the edges do not cross is the service's check (rules/yard-locations.ts).
// The yard locations migration's trigger notifies `openyard_yard_locations` with every change, so that servers
// drop the copy they place machines with.
export const yardLocations = pgTable(
  'yard_locations',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    type: text().notNull(),
    latitudes: doublePrecision().array().notNull(),
    longitudes: doublePrecision().array().notNull(),
  },
  (table) => [
    uniqueIndex('yard_locations_name_lower_unique').on(sql`lower(${table.name})`),
    check('yard_locations_name_length', sql`char_length(btrim(${table.name})) between 1 and 60`),
    check('yard_locations_type', sql`${table.type} in ('YARD_ZONE', 'TASK_TO_LOCATION')`),
    check(
      'yard_locations_points',
      sql`cardinality(${table.latitudes}) between 4 and 8 and cardinality(${table.longitudes}) = cardinality(${table.latitudes}) and array_position(${table.latitudes}, null) is null and array_position(${table.longitudes}, null) is null`,
    ),
    check(
      'yard_locations_on_globe',
      sql`-90 <= all(${table.latitudes}) and 90 >= all(${table.latitudes}) and -180 <= all(${table.longitudes}) and 180 >= all(${table.longitudes})`,
    ),
  ],
);
