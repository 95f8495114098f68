import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

export const yardAreas = pgTable(
  'yard_areas',
  {
    id: serial().primaryKey(),
    name: text().notNull().unique(),
    sortOrder: integer().notNull().default(0),
    maxHeight: integer().notNull(),
    // Geo-reference from the area's four corners (bulk location), clockwise from row 1 / column 1.
    lat1: doublePrecision(),
    long1: doublePrecision(),
    lat2: doublePrecision(),
    long2: doublePrecision(),
    lat3: doublePrecision(),
    long3: doublePrecision(),
    lat4: doublePrecision(),
    long4: doublePrecision(),
  },
  (table) => [
    check('yard_areas_max_height_range', sql`${table.maxHeight} between 1 and 12`),
    check('yard_areas_name_format', sql`${table.name} ~ '^[A-Za-z0-9-]+$'`),
  ],
);

export const yardRows = pgTable(
  'yard_rows',
  {
    id: serial().primaryKey(),
    areaId: integer()
      .notNull()
      .references(() => yardAreas.id, { onDelete: 'cascade' }),
    index: integer().notNull(),
    name: text().notNull(),
  },
  (table) => [
    unique('yard_rows_area_index_unique').on(table.areaId, table.index),
    check('yard_rows_index_positive', sql`${table.index} >= 1`),
  ],
);

// `merged` marks the first column of a 40 ft pair: it and the next column hold one 40 ft box.
export const yardColumns = pgTable(
  'yard_columns',
  {
    id: serial().primaryKey(),
    areaId: integer()
      .notNull()
      .references(() => yardAreas.id, { onDelete: 'cascade' }),
    index: integer().notNull(),
    name: text().notNull(),
    merged: boolean().notNull().default(false),
  },
  (table) => [
    unique('yard_columns_area_index_unique').on(table.areaId, table.index),
    check('yard_columns_index_positive', sql`${table.index} >= 1`),
  ],
);

// One cell per row and column; rules and containers refer to cells by id.
export const yardCells = pgTable(
  'yard_cells',
  {
    id: serial().primaryKey(),
    areaId: integer()
      .notNull()
      .references(() => yardAreas.id, { onDelete: 'cascade' }),
    rowId: integer()
      .notNull()
      .references(() => yardRows.id, { onDelete: 'cascade' }),
    columnId: integer()
      .notNull()
      .references(() => yardColumns.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    fullName: text().notNull().unique(),
  },
  (table) => [unique('yard_cells_row_column_unique').on(table.rowId, table.columnId)],
);
