import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chaAgents } from '../cha/cha.table';
import { gates } from '../gates/gates.table';

// One row per visit of a truck's trailer (spec 3 §3 Trailer): gated in (entryAt), dispatched
// (outAt). A container gate-in, a vehicle gate-in and a dispatch write it in their transaction,
// so a truck's time in the yard (truck turn time) is entry to out, with its tasks in between.
export const trailers = pgTable(
  'trailers',
  {
    id: serial().primaryKey(),
    trailerNumber: text().notNull(),
    trailerTagId: text(),
    trailerTagId2: text(),
    plaCard1: text(),
    plaCard2: text(),
    // Drop (loaded) or Pickup (spec 1 §9); null for a container gate-in's truck.
    trailerType: text(),
    // The visit's purpose: a vehicle gate-in type (spec 1 §9) or the container gate-in's.
    type: text().notNull(),
    activityGroup: text(),
    gateId: integer().references(() => gates.id, { onDelete: 'set null' }),
    // The containers it brought or came for, in the order of the form.
    containerNumbers: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The customs house agent a vehicle gate-in counted against (issue 20). A visit is the yard's
    // history: an agent that trucks came for is not deleted while its visits are current (the
    // archive keeps its own copy of the id).
    chaId: integer().references(() => chaAgents.id, { onDelete: 'restrict' }),
    vehicleDetailId: integer(),
    enteredBy: text(),
    entryAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    outAt: timestamp({ withTimezone: true }),
    dispatchMode: text(),
    dispatchedBy: text(),
  },
  (table) => [
    // A trailer tag is on one trailer inside the yard at a time.
    uniqueIndex('trailers_active_tag_unique')
      .on(table.trailerTagId)
      .where(sql`${table.outAt} is null and ${table.trailerTagId} is not null`),
    index('trailers_entry_idx').on(table.entryAt),
    index('trailers_inside_idx')
      .on(table.entryAt)
      .where(sql`${table.outAt} is null`),
    index('trailers_number_idx').on(table.trailerNumber),
    // The visits a dispatch closes, inside the yard: by a container they came for (the array's
    // overlap, for a batch chunk's containers at once) and by trailer number, case aside. Without
    // them each dispatch read every truck inside. Without fastupdate, as tasks_open_search_text_idx:
    // a pending list only VACUUM merges (PGlite runs none) is priced so high the planner scans.
    index('trailers_inside_containers_idx')
      .using('gin', table.containerNumbers)
      .with({ fastupdate: false })
      .where(sql`${table.outAt} is null`),
    index('trailers_inside_number_idx')
      .on(sql`lower(${table.trailerNumber})`)
      .where(sql`${table.outAt} is null`),
    check('trailers_number_length', sql`char_length(${table.trailerNumber}) between 1 and 20`),
    check('trailers_out_after_entry', sql`${table.outAt} is null or ${table.outAt} >= ${table.entryAt}`),
  ],
);

// The PLA card a trailer tag carries (spec 3 §3 PLA card mapping): one card per tag, one tag per card.
export const plaCards = pgTable(
  'pla_cards',
  {
    id: serial().primaryKey(),
    trailerTagNumber: text().notNull(),
    plaCardNumber: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pla_cards_tag_unique').on(table.trailerTagNumber),
    uniqueIndex('pla_cards_card_unique').on(table.plaCardNumber),
  ],
);

// Trailers that belong to the depot or a regular transporter (spec 3 §3 Permanent trailer): their
// tag names the trailer at the gate without typing.
export const permanentTrailers = pgTable(
  'permanent_trailers',
  {
    id: serial().primaryKey(),
    trailerNumber: text().notNull(),
    trailerTag: text().notNull(),
    trailerType: text(),
    transporter: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('permanent_trailers_number_unique').on(table.trailerNumber),
    uniqueIndex('permanent_trailers_tag_unique').on(table.trailerTag),
    check('permanent_trailers_number_length', sql`char_length(${table.trailerNumber}) between 1 and 20`),
  ],
);
