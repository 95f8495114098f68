import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  cargoTypes,
  categories,
  containerProcesses,
  containerSizes,
  containerTypes,
  customers,
} from '../master-data/master-data.table';
import { yardAreas, yardColumns, yardRows } from '../yard/yard.table';

// A container's own searchable texts in one string, for the trigram index and the search that must
// repeat it exactly to use it. Joined by chr(31), the unit separator nobody types, so that a search
// term cannot match the end of one field and the start of the next.
export const ownSearchText = (columns: {
  containerNumber: AnyPgColumn;
  igm: AnyPgColumn;
  item: AnyPgColumn;
  rfidTagId: AnyPgColumn;
}): SQL =>
  sql`${columns.containerNumber} || chr(31) || coalesce(${columns.igm}, '') || chr(31) || coalesce(${columns.item}, '') || chr(31) || coalesce(${columns.rfidTagId}, '')`;

// The owner code and category identifier of a number, the key of liner_prefixes.
export const ownerPrefix = (containerNumber: AnyPgColumn): SQL => sql`left(${containerNumber}, 4)`;

// The container search (containers.repository.ts) matches a term as a substring of the own texts,
// or by the master data, liner or area it names: one index per way, so that the planner can OR their
// bitmaps instead of scanning the table. The current visits have them, and the archived ones
// (archive.table.ts) for a list that reaches the archive; `name` begins each index's name.
export const containerSearchIndexes = (
  name: string,
  table: {
    containerNumber: AnyPgColumn;
    igm: AnyPgColumn;
    item: AnyPgColumn;
    rfidTagId: AnyPgColumn;
    customerId: AnyPgColumn;
    processId: AnyPgColumn;
    typeId: AnyPgColumn;
    sizeId: AnyPgColumn;
  },
) => [
  index(`${name}_search_text_idx`).using('gin', sql`(${ownSearchText(table)}) gin_trgm_ops`),
  index(`${name}_liner_prefix_idx`).on(ownerPrefix(table.containerNumber)),
  index(`${name}_customer_idx`).on(table.customerId),
  index(`${name}_process_idx`).on(table.processId),
  index(`${name}_type_idx`).on(table.typeId),
  index(`${name}_size_idx`).on(table.sizeId),
  // The lookups: a number's prefix (the suggestions' `like 'ABCU12%'`, which the number's own index
  // cannot serve in a database whose collation is not C) and an IGM item written in any case (the
  // kiosk status), by index in the current visits and the archived ones (docs/archive.md).
  index(`${name}_number_prefix_idx`).on(sql`${table.containerNumber} text_pattern_ops`),
  index(`${name}_igm_item_upper_idx`).on(sql`upper(${table.igm})`, sql`upper(${table.item})`),
];

// One row per visit of a container: gate-in to dispatch. The liner is not stored: it follows from
// the owner code through liner_prefixes, so a corrected prefix table corrects every container.
export const containers = pgTable(
  'containers',
  {
    id: serial().primaryKey(),
    containerNumber: text().notNull(),
    sizeId: integer()
      .notNull()
      .references(() => containerSizes.id, { onDelete: 'restrict' }),
    typeId: integer().references(() => containerTypes.id, { onDelete: 'restrict' }),
    processId: integer().references(() => containerProcesses.id, { onDelete: 'restrict' }),
    categoryId: integer().references(() => categories.id, { onDelete: 'restrict' }),
    customerId: integer().references(() => customers.id, { onDelete: 'restrict' }),
    cargoTypeId: integer().references(() => cargoTypes.id, { onDelete: 'restrict' }),
    hazardous: boolean().notNull().default(false),
    rfidTagId: text(),
    igm: text(),
    item: text(),
    movementAlert: boolean().notNull().default(false),
    planned: boolean().notNull().default(false),
    gateInAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp({ withTimezone: true }),
    lastMovedAt: timestamp({ withTimezone: true }),
    locationUpdatedBy: text(),
    // A container a user deleted is voided, never removed: its record and movements stay as history
    // (DESIGN §5), it holds no slot and no longer takes its number (migration 0012's triggers).
    voidedAt: timestamp({ withTimezone: true }),
    voidedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // An active container number is unique (DESIGN §5); dispatched and voided visits keep theirs.
    uniqueIndex('containers_active_number_unique')
      .on(table.containerNumber)
      .where(sql`${table.dispatchedAt} is null and ${table.voidedAt} is null`),
    // An RFID tag is bound to one active container (spec 1 §4: bound at gate-in, released at
    // dispatch); the special tags of spec 1 §9 stand in for a tag and are shared.
    uniqueIndex('containers_active_tag_unique')
      .on(table.rfidTagId)
      .where(
        sql`${table.dispatchedAt} is null and ${table.voidedAt} is null and ${table.rfidTagId} is not null and ${table.rfidTagId} not in ('Refer Tag', 'ODC Tag', 'Tank Tag', 'DummyTag')`,
      ),
    index('containers_number_idx').on(table.containerNumber),
    // A plan's open reservations (issue 19): few rows among the yard's whole history, read by every
    // plan list, save and queued search.
    index('containers_planned_idx')
      .on(table.containerNumber)
      .where(sql`${table.planned} and ${table.dispatchedAt} is null and ${table.voidedAt} is null`),
    index('containers_igm_item_idx').on(table.igm, table.item),
    index('containers_gate_in_idx').on(table.gateInAt),
    // The containers in the yard by their gate-in (the inventory report's order; report 2.4's
    // distribution of those still in the yard): without it, a page walked the gate-in index through
    // every dispatched visit of the years before the first one still here.
    index('containers_in_yard_gate_in_idx')
      .on(table.gateInAt, table.id)
      .where(sql`${table.dispatchedAt} is null and ${table.voidedAt} is null`),
    // The gate-out report (1.2): dispatches within a range.
    index('containers_dispatched_idx')
      .on(table.dispatchedAt)
      .where(sql`${table.dispatchedAt} is not null`),
    // The search's indexes. Migration 0005 also creates pg_trgm and turns the trigram index's
    // fastupdate off.
    ...containerSearchIndexes('containers', table),
    check('containers_number_format', sql`${table.containerNumber} ~ '^[A-Z0-9]{11}$'`),
    check('containers_voided_by', sql`(${table.voidedAt} is null) = (${table.voidedBy} is null)`),
    check(
      'containers_dispatch_after_gate_in',
      sql`${table.dispatchedAt} is null or ${table.dispatchedAt} >= ${table.gateInAt}`,
    ),
  ],
);

// The slot positions a container in the yard occupies: one for a 20 ft box, both of a merged pair
// for a 40 ft box. The key makes a position hold at most one container; the foreign keys keep
// positions inside the layout; the deferred triggers of migration 0003 keep stacks without holes,
// under the area's height, 40 ft boxes on merged pairs, and the movement history in step.
export const containerPositions = pgTable(
  'container_positions',
  {
    areaId: integer().notNull(),
    rowIndex: integer().notNull(),
    columnIndex: integer().notNull(),
    tier: integer().notNull(),
    containerId: integer()
      .notNull()
      .references(() => containers.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({
      name: 'container_positions_pkey',
      columns: [table.areaId, table.rowIndex, table.columnIndex, table.tier],
    }),
    index('container_positions_container_idx').on(table.containerId),
    foreignKey({
      name: 'container_positions_area_fk',
      columns: [table.areaId],
      foreignColumns: [yardAreas.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'container_positions_row_fk',
      columns: [table.areaId, table.rowIndex],
      foreignColumns: [yardRows.areaId, yardRows.index],
    })
      .onDelete('restrict')
      .onUpdate('cascade'),
    foreignKey({
      name: 'container_positions_column_fk',
      columns: [table.areaId, table.columnIndex],
      foreignColumns: [yardColumns.areaId, yardColumns.index],
    })
      .onDelete('restrict')
      .onUpdate('cascade'),
    check('container_positions_tier_positive', sql`${table.tier} >= 1`),
  ],
);

// Append-only history of every location change (a trigger refuses updates). The slot names are
// as they were named then; the numbers of the new position let the database check that the last
// movement ends where the container stands. A container with history cannot be deleted.
export const containerMovements = pgTable(
  'container_movements',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    containerId: integer()
      .notNull()
      .references(() => containers.id, { onDelete: 'restrict' }),
    containerNumber: text().notNull(),
    fromLocation: text(),
    toLocation: text(),
    toAreaId: integer(),
    toRowIndex: integer(),
    toColumnIndex: integer(),
    toTier: integer(),
    source: text().notNull(),
    movedBy: text(),
    device: text(),
    movedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('container_movements_container_idx').on(table.containerId, table.id),
    index('container_movements_moved_at_idx').on(table.movedAt),
    check('container_movements_source', sql`${table.source} in ('manual', 'gate', 'machine', 'import', 'planning')`),
    check(
      'container_movements_to_complete',
      sql`(${table.toAreaId} is null) = (${table.toLocation} is null)
        and (${table.toAreaId} is null) = (${table.toRowIndex} is null)
        and (${table.toAreaId} is null) = (${table.toColumnIndex} is null)
        and (${table.toAreaId} is null) = (${table.toTier} is null)`,
    ),
  ],
);

// Each container's last change (of its row or of its slots), as the inventory version that change
// commits with: migration 0036's statement triggers write it under the inventory lock, before the
// version is raised. Writers of the yard are ordered by that lock, so a reader holding the yard as
// of version V finds everything committed after V here with a version above V, and rereads only
// those containers (the planning engine's view of the yard).
export const containerChanges = pgTable(
  'container_changes',
  {
    containerId: integer().primaryKey(),
    version: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [index('container_changes_version_idx').on(table.version)],
);

// One row: a counter every change of containers or positions raises (statement triggers of
// migration 0003), so snapshot readers can tell in one lookup whether their copy is current.
// Writers of the yard lock this row first, which also orders them.
export const inventoryState = pgTable(
  'inventory_state',
  {
    id: integer().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull().default(0),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Raised from a sequence by every statement that changes the layout (areas, rows, columns):
    // cached slot grids are keyed by it. A sequence never hands a value out twice, so a grid read
    // inside a transaction that rolled back is never taken for a committed layout.
    layoutVersion: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [check('inventory_state_single_row', sql`${table.id} = 1`)],
);
