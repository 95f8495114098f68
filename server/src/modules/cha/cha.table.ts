import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { activities } from '../master-data/master-data.table';

// Customs house agents (spec 1 §3 CHA): the agents whose vehicles come to the yard for deliveries.
export const chaAgents = pgTable(
  'cha_agents',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    registrationNumber: text().notNull(),
    contacts: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One agent per registration number, in any case.
    uniqueIndex('cha_agents_registration_unique').on(sql`lower(${table.registrationNumber})`),
    index('cha_agents_name_idx').on(sql`lower(${table.name})`),
    check('cha_agents_name_length', sql`char_length(btrim(${table.name})) between 1 and 100`),
    check('cha_agents_registration_length', sql`char_length(btrim(${table.registrationNumber})) between 1 and 40`),
    check('cha_agents_contacts_count', sql`cardinality(${table.contacts}) <= 10`),
  ],
);

// What an allocation may give an agent besides its vehicles (spec 3 §7 cha/equipments): a
// reference list every yard starts with (server/src/db/seed/reference-data.ts).
export const chaEquipments = pgTable('cha_equipments', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  sortOrder: integer().notNull().default(0),
});

// An agent's allocation (spec 1 §3 CHA allocation). The latest one is the agent's current
// allocation: a new one starts its counts from zero, an update keeps them.
export const chaAllocations = pgTable(
  'cha_allocations',
  {
    id: serial().primaryKey(),
    agentId: integer()
      .notNull()
      .references(() => chaAgents.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: text(),
  },
  (table) => [index('cha_allocations_agent_idx').on(table.agentId, table.id)],
);

export const chaAllocationEquipments = pgTable(
  'cha_allocation_equipments',
  {
    allocationId: integer()
      .notNull()
      .references(() => chaAllocations.id, { onDelete: 'cascade' }),
    equipmentId: integer()
      .notNull()
      .references(() => chaEquipments.id, { onDelete: 'restrict' }),
  },
  (table) => [primaryKey({ name: 'cha_allocation_equipments_pkey', columns: [table.allocationId, table.equipmentId] })],
);

// One delivery type of an allocation (spec 1 §3 allowedDeliveries, Vehicle detail): its id is the
// trailer gate-in's vehicleDetailId. gated_in_count is raised by the trailer gate-in in its own
// transaction, by a conditional update that never passes allowed_count unless the clerk confirmed
// the Gate Count Alert (cha.repository.ts countGateIn).
export const chaVehicleDetails = pgTable(
  'cha_vehicle_details',
  {
    id: serial().primaryKey(),
    allocationId: integer()
      .notNull()
      .references(() => chaAllocations.id, { onDelete: 'cascade' }),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'restrict' }),
    allowedCount: integer().notNull(),
    allowed20: integer().notNull(),
    allowed40: integer().notNull(),
    gatedInCount: integer().notNull().default(0),
  },
  (table) => [
    unique('cha_vehicle_details_type_unique').on(table.allocationId, table.activityId),
    index('cha_vehicle_details_activity_idx').on(table.activityId),
    // Spec 1 §5: the allowed count is kept equal to or above allowed20 plus allowed40.
    check(
      'cha_vehicle_details_counts',
      sql`${table.allowed20} >= 0 and ${table.allowed40} >= 0 and ${table.allowedCount} >= ${table.allowed20} + ${table.allowed40} and ${table.allowedCount} <= 10000`,
    ),
    check('cha_vehicle_details_gated_in', sql`${table.gatedInCount} >= 0`),
  ],
);
