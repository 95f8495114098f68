import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { containers } from '../inventory/containers.table';
import { yardCells } from '../yard/yard.table';

// Planning (issue 19; spec 2 §2–§5, spec 1 §3). A plan reserves slots for containers the depot
// expects: each planned container is a `containers` row with `planned = true` standing at its planned
// slot (container_positions), so the position key makes the reservation exclusive for the gate,
// the tasks and the other plans, and the yard's deferred triggers (heights, no holes, 40 ft on merged
// pairs, movement history) hold for it as for a box standing there. Its gate-in turns that row into
// the container in the yard, in its slot.

// Spec 2 §3 Plan; spec 2 §5: the name is unique (in any case: 'Plan A' and 'plan a' are one name to
// a planner reading the list).
export const plans = pgTable(
  'plans',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    // Made by a planner on /planning, or applied from an engine run.
    source: text().notNull(),
    // The selector's search the plan was made from (spec 2 §3 searchedContainers).
    searchedContainers: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('plans_name_unique').on(sql`lower(${table.name})`),
    check('plans_source', sql`${table.source} in ('manual', 'engine')`),
    check('plans_name_length', sql`char_length(${table.name}) between 1 and 80`),
  ],
);

// The containers of a plan: the planned row (and, once it gated in, the container it became), the
// order the plan expects them in and why the slot was chosen. A container row is in one plan at most;
// deleting a plan removes its links (its unused reservations are voided first, by the service).
export const planContainers = pgTable(
  'plan_containers',
  {
    planId: integer()
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    containerId: integer()
      .notNull()
      .references(() => containers.id, { onDelete: 'cascade' }),
    planningOrder: integer().notNull(),
    slotReason: text(),
    expectedRehandles: real(),
  },
  (table) => [
    primaryKey({ name: 'plan_containers_pkey', columns: [table.planId, table.containerId] }),
    uniqueIndex('plan_containers_container_unique').on(table.containerId),
  ],
);

// Spec 1 §3: a planning param names what slot groups are made of: the container's size
// (CONTAINER_SIZE, its values are the master data's sizes), or a list of values of the yard's own
// (CUSTOM with allowedStrings). Spec 1 §5: the container-size param is required (seeded by the
// migration).
export const planningParams = pgTable(
  'planning_params',
  {
    id: serial().primaryKey(),
    name: text().notNull().unique('planning_params_name_unique'),
    dataProvider: text().notNull(),
    allowedStrings: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    required: boolean().notNull().default(false),
  },
  (table) => [check('planning_params_data_provider', sql`${table.dataProvider} in ('CONTAINER_SIZE', 'CUSTOM')`)],
);

// The cells a CUSTOM param's value may be planned in (its slot group). A cell a param names no value
// for is open to every value of it.
export const planningSlotGroupCells = pgTable(
  'planning_slot_group_cells',
  {
    paramId: integer()
      .notNull()
      .references(() => planningParams.id, { onDelete: 'cascade' }),
    value: text().notNull(),
    cellId: integer()
      .notNull()
      .references(() => yardCells.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ name: 'planning_slot_group_cells_pkey', columns: [table.paramId, table.value, table.cellId] }),
    index('planning_slot_group_cells_cell_idx').on(table.cellId),
  ],
);

// A run of the planning engine (a worker job): what it was asked, how far it is, and its result, so
// that GET planning-engine/{jobId} answers from any process.
export const planningEngineRuns = pgTable(
  'planning_engine_runs',
  {
    id: text().primaryKey(),
    status: text().notNull().default('queued'),
    progress: doublePrecision().notNull().default(0),
    // The queued containers asked for (null: every unplanned one).
    containerNumbers: text().array(),
    planName: text(),
    apply: boolean().notNull().default(false),
    placements: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    unplaced: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    planId: integer().references(() => plans.id, { onDelete: 'set null' }),
    error: text(),
    requestedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check('planning_engine_runs_status', sql`${table.status} in ('queued', 'running', 'done', 'failed', 'rolledBack')`),
    check('planning_engine_runs_progress', sql`${table.progress} between 0 and 1`),
    index('planning_engine_runs_plan_idx').on(table.planId),
  ],
);
