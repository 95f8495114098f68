import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../adapters/db';
import { containsPattern } from '../../lib/like';
import { permanentTrailers, plaCards, trailers } from './trailers.table';

export type TrailerRow = typeof trailers.$inferSelect;
export type NewTrailerRow = typeof trailers.$inferInsert;
export type PlaCardRow = typeof plaCards.$inferSelect;
export type PermanentTrailerRow = typeof permanentTrailers.$inferSelect;

export interface TrailerFilter {
  searchText?: string | undefined;
  includeDispatched: boolean;
}

export interface Paging {
  offset: number;
  limit: number;
}

// A trailer matches a search by its number, either tag, its containers or either PLA card
// (spec 3 §7 searchText); dispatched visits only when asked for (spec 3 §4).
function trailerWhere({ searchText, includeDispatched }: TrailerFilter): SQL | undefined {
  const text = searchText?.trim();
  const pattern = text ? containsPattern(text) : undefined;
  return and(
    includeDispatched ? undefined : isNull(trailers.outAt),
    pattern
      ? or(
          ilike(trailers.trailerNumber, pattern),
          ilike(trailers.trailerTagId, pattern),
          ilike(trailers.trailerTagId2, pattern),
          ilike(trailers.plaCard1, pattern),
          ilike(trailers.plaCard2, pattern),
          sql`array_to_string(${trailers.containerNumbers}, ' ') ilike ${pattern}`,
        )
      : undefined,
  );
}

const textWhere = (pattern: string | undefined, ...columns: Parameters<typeof ilike>[0][]) =>
  pattern ? or(...columns.map((column) => ilike(column, pattern))) : undefined;

const patternOf = (searchText: string | undefined) =>
  searchText?.trim() ? containsPattern(searchText.trim()) : undefined;

// Queries of the trailers screen: trailer visits, PLA cards and permanent trailers. Newest first,
// so that what was just added or gated in is on the first page.
export const trailersRepository = {
  async page(db: Database, filter: TrailerFilter, paging: Paging) {
    const where = trailerWhere(filter);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(trailers)
        .where(where)
        .orderBy(desc(trailers.entryAt), desc(trailers.id))
        .offset(paging.offset)
        .limit(paging.limit),
      db.select({ value: count() }).from(trailers).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  async find(db: Database, id: number) {
    const [row] = await db.select().from(trailers).where(eq(trailers.id, id));
    return row;
  },

  // The visit a trailer tag names: the one inside the yard, else its latest.
  async findByTag(db: Database, tag: string) {
    const [row] = await db
      .select()
      .from(trailers)
      .where(or(eq(trailers.trailerTagId, tag), eq(trailers.trailerTagId2, tag)))
      .orderBy(sql`${trailers.outAt} is null desc`, desc(trailers.entryAt), desc(trailers.id))
      .limit(1);
    return row;
  },

  // The visit inside the yard that carries this tag, if any.
  async findInsideByTag(db: Database, tag: string) {
    const [row] = await db
      .select()
      .from(trailers)
      .where(and(isNull(trailers.outAt), eq(trailers.trailerTagId, tag)));
    return row;
  },

  async insert(db: Database, values: NewTrailerRow) {
    const [row] = await db.insert(trailers).values(values).returning();
    return row!;
  },

  async update(db: Database, id: number, values: Partial<NewTrailerRow>) {
    const [row] = await db.update(trailers).set(values).where(eq(trailers.id, id)).returning();
    return row;
  },

  async delete(db: Database, id: number) {
    const deleted = await db.delete(trailers).where(eq(trailers.id, id)).returning({ id: trailers.id });
    return deleted.length > 0;
  },

  async plaCardsPage(db: Database, searchText: string | undefined, paging: Paging) {
    const where = textWhere(patternOf(searchText), plaCards.trailerTagNumber, plaCards.plaCardNumber);
    const [rows, [total]] = await Promise.all([
      db.select().from(plaCards).where(where).orderBy(desc(plaCards.id)).offset(paging.offset).limit(paging.limit),
      db.select({ value: count() }).from(plaCards).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  async findPlaCard(db: Database, id: number) {
    const [row] = await db.select().from(plaCards).where(eq(plaCards.id, id));
    return row;
  },

  // The mappings that hold any of these tags or cards (an upload's rows checked at once).
  async plaCardsMatching(db: Database, tags: string[], cards: string[]) {
    if (!tags.length && !cards.length) return [];
    return db
      .select()
      .from(plaCards)
      .where(
        or(
          tags.length ? inArray(plaCards.trailerTagNumber, tags) : undefined,
          cards.length ? inArray(plaCards.plaCardNumber, cards) : undefined,
        ),
      );
  },

  async insertPlaCards(db: Database, values: { trailerTagNumber: string; plaCardNumber: string }[]) {
    if (!values.length) return [];
    return db.insert(plaCards).values(values).returning();
  },

  async updatePlaCard(db: Database, id: number, values: { trailerTagNumber: string; plaCardNumber: string }) {
    const [row] = await db.update(plaCards).set(values).where(eq(plaCards.id, id)).returning();
    return row;
  },

  async deletePlaCard(db: Database, id: number) {
    const deleted = await db.delete(plaCards).where(eq(plaCards.id, id)).returning({ id: plaCards.id });
    return deleted.length > 0;
  },

  async permanentPage(db: Database, searchText: string | undefined, paging: Paging) {
    const where = textWhere(
      patternOf(searchText),
      permanentTrailers.trailerNumber,
      permanentTrailers.trailerTag,
      permanentTrailers.trailerType,
      permanentTrailers.transporter,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(permanentTrailers)
        .where(where)
        .orderBy(desc(permanentTrailers.id))
        .offset(paging.offset)
        .limit(paging.limit),
      db.select({ value: count() }).from(permanentTrailers).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  async findPermanent(db: Database, id: number) {
    const [row] = await db.select().from(permanentTrailers).where(eq(permanentTrailers.id, id));
    return row;
  },

  async permanentMatching(db: Database, numbers: string[], tags: string[]) {
    if (!numbers.length && !tags.length) return [];
    return db
      .select()
      .from(permanentTrailers)
      .where(
        or(
          numbers.length ? inArray(permanentTrailers.trailerNumber, numbers) : undefined,
          tags.length ? inArray(permanentTrailers.trailerTag, tags) : undefined,
        ),
      );
  },

  async insertPermanent(db: Database, values: (typeof permanentTrailers.$inferInsert)[]) {
    if (!values.length) return [];
    return db.insert(permanentTrailers).values(values).returning();
  },

  async updatePermanent(db: Database, id: number, values: Partial<typeof permanentTrailers.$inferInsert>) {
    const [row] = await db.update(permanentTrailers).set(values).where(eq(permanentTrailers.id, id)).returning();
    return row;
  },

  async deletePermanent(db: Database, id: number) {
    const deleted = await db
      .delete(permanentTrailers)
      .where(eq(permanentTrailers.id, id))
      .returning({ id: permanentTrailers.id });
    return deleted.length > 0;
  },
};
