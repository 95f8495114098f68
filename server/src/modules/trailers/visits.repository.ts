import { and, arrayOverlaps, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TruckVisit } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { rowsOf } from '../../db/bulk-insert';
import { permanentTrailers, plaCards, trailers } from './trailers.table';

// Truck visits (the trailers table): opened by a gate-in, closed by the dispatch the truck leaves
// with. The gate's transactions write them in their own transaction; the trailers screen (branch
// trailers) lists and dispatches them through its own repository.

export type VisitRow = typeof trailers.$inferSelect;
export type NewVisitRow = typeof trailers.$inferInsert;

export interface VisitTaskCounts {
  done: number;
  pending: number;
  lastDoneAt: Date | null;
}

export function toTruckVisit(row: VisitRow, counts?: VisitTaskCounts): TruckVisit {
  return {
    id: row.id,
    trailerNumber: row.trailerNumber,
    trailerTagId: row.trailerTagId,
    gateInType: row.type,
    trailerType: row.trailerType,
    gateId: row.gateId,
    containerNumbers: row.containerNumbers,
    entryDate: row.entryAt.getTime(),
    outDate: row.outAt?.getTime() ?? null,
    tasksDone: counts?.done ?? 0,
    tasksPending: counts?.pending ?? 0,
    lastTaskDoneAt: counts?.lastDoneAt?.getTime() ?? null,
  };
}

const inside = isNull(trailers.outAt);

export const visitsRepository = {
  async open(db: Database, values: NewVisitRow) {
    const [row] = await db.insert(trailers).values(values).returning();
    return row!;
  },

  // Many visits opened at once (a batch chunk of gate-ins): the rows in the order given (PostgreSQL
  // returns an INSERT … VALUES's rows in the order of its values).
  async openMany(db: Database, values: readonly NewVisitRow[]) {
    if (!values.length) return [];
    return db
      .insert(trailers)
      .values([...values])
      .returning();
  },

  async byId(db: Database, id: number) {
    const [row] = await db.select().from(trailers).where(eq(trailers.id, id));
    return row;
  },

  // The trailer inside the yard that carries this tag (one at a time: trailers_active_tag_unique).
  async insideByTag(db: Database, tag: string) {
    const [row] = await db
      .select()
      .from(trailers)
      .where(and(inside, eq(trailers.trailerTagId, tag)))
      .for('update');
    return row;
  },

  // The trailers inside the yard that carry any of these tags.
  insideByTags: (db: Database, tags: readonly string[]) =>
    tags.length
      ? db
          .select()
          .from(trailers)
          .where(and(inside, inArray(trailers.trailerTagId, [...tags])))
          .for('update')
      : Promise.resolve([]),

  // The visits inside the yard of these trailer numbers (case aside), each with the index of the
  // number it matched, latest first (a dispatch closes its trailer number's latest visit;
  // trailers_inside_number_idx).
  insideByNumbers: (db: Database, trailerNumbers: readonly string[]) =>
    trailerNumbers.length
      ? db
          .select({ wanted: sql<number>`wanted.index`.mapWith(Number), visit: trailers })
          .from(trailers)
          .innerJoin(
            sql`(values ${sql.join(
              trailerNumbers.map((number, index) => sql`(${index}::integer, ${number}::text)`),
              sql`, `,
            )}) as wanted(index, number)`,
            sql`lower(${trailers.trailerNumber}) = lower(wanted.number)`,
          )
          .where(inside)
          .orderBy(desc(trailers.entryAt), desc(trailers.id))
          .for('update', { of: trailers })
      : Promise.resolve([]),

  // Visits inside the yard that came for (or brought) any of these containers, oldest first
  // (trailers_inside_containers_idx).
  insideListings: (db: Database, containerNumbers: readonly string[]) =>
    containerNumbers.length
      ? db
          .select()
          .from(trailers)
          .where(and(inside, arrayOverlaps(trailers.containerNumbers, [...containerNumbers])))
          .orderBy(asc(trailers.entryAt), asc(trailers.id))
          .for('update')
      : Promise.resolve([]),

  // Visits closed (their trucks dispatched), each at its own time: the rows closed, in no order.
  async closeMany(db: Database, closing: readonly { id: number; outAt: Date; dispatchedBy: string | null }[]) {
    if (!closing.length) return [];
    const values = sql.join(
      closing.map(
        (entry) => sql`(${entry.id}::integer, ${entry.outAt.toISOString()}::timestamptz, ${entry.dispatchedBy}::text)`,
      ),
      sql`, `,
    );
    const ids = rowsOf<{ id: number | string }>(
      await db.execute(sql`update ${trailers}
        set out_at = v.out_at, dispatched_by = v.dispatched_by, dispatch_mode = null
        from (values ${values}) as v(id, out_at, dispatched_by)
        where ${trailers.id} = v.id and ${trailers.outAt} is null and ${inArray(
          trailers.id,
          closing.map((entry) => entry.id),
        )}
        returning ${trailers.id}`),
    ).map((row) => Number(row.id));
    return ids.length ? db.select().from(trailers).where(inArray(trailers.id, ids)) : [];
  },

  // The trucks inside the yard (of one gate), oldest first.
  inside: (db: Database, gateId?: number) =>
    db
      .select()
      .from(trailers)
      .where(gateId === undefined ? inside : and(inside, eq(trailers.gateId, gateId)))
      .orderBy(asc(trailers.entryAt), asc(trailers.id)),

  async plaCardOf(db: Database, trailerTag: string) {
    const [row] = await db.select().from(plaCards).where(eq(plaCards.trailerTagNumber, trailerTag));
    return row;
  },

  plaCardsOf: (db: Database, trailerTags: readonly string[]) =>
    trailerTags.length
      ? db
          .select()
          .from(plaCards)
          .where(inArray(plaCards.trailerTagNumber, [...trailerTags]))
      : Promise.resolve([]),

  async permanentTrailerOf(db: Database, trailerTag: string) {
    const [row] = await db.select().from(permanentTrailers).where(eq(permanentTrailers.trailerTag, trailerTag));
    return row;
  },
};
