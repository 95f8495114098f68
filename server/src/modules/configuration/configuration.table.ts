import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { yardCells } from '../yard/yard.table';

// Yard colour rules (spec 1 §3): filters hold master-data names or 'All'.
export const yardRules = pgTable(
  'yard_rules',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    color: text().notNull(),
    process: text().notNull().default('All'),
    type: text().notNull().default('All'),
    size: text().notNull().default('All'),
    category: text().notNull().default('All'),
    liner: text().notNull().default('All'),
    customer: text().notNull().default('All'),
    cargoType: text().notNull().default('All'),
    hazardous: boolean().notNull().default(false),
    updatedBy: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('yard_rules_name_lower_unique').on(sql`lower(${table.name})`),
    check('yard_rules_color_hex', sql`${table.color} ~ '^#[0-9A-Fa-f]{6}$' and lower(${table.color}) <> '#000000'`),
  ],
);

// The cells of a rule; a cell belongs to at most one rule (spec 1 §4: cells already in a rule
// cannot be selected for a new one).
export const yardRuleCells = pgTable(
  'yard_rule_cells',
  {
    ruleId: integer()
      .notNull()
      .references(() => yardRules.id, { onDelete: 'cascade' }),
    cellId: integer()
      .notNull()
      .references(() => yardCells.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ name: 'yard_rule_cells_pkey', columns: [table.ruleId, table.cellId] }),
    uniqueIndex('yard_rule_cells_cell_unique').on(table.cellId),
  ],
);
