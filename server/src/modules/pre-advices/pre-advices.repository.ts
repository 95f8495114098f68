import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PreAdvice, PreAdviceSource } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { categories, containerProcesses, containerSizes, containerTypes, linerInfos } from '../../db/schema';
import { preAdvices, type NewPreAdviceRow } from './pre-advices.table';

// A pre-advice's values as the service has resolved them (master data as ids).
export type PreAdviceValues = Omit<NewPreAdviceRow, 'id' | 'createdAt' | 'updatedAt' | 'usedAt'>;
// What an edit replaces: everything but where it came from and who entered it.
export type PreAdviceFields = Omit<PreAdviceValues, 'source' | 'createdBy'>;

// A row with the names of its master data, as the list and the screens show it.
const view = {
  row: preAdvices,
  liner: linerInfos.name,
  process: containerProcesses.name,
  category: categories.name,
  containerSize: containerSizes.name,
  containerType: containerTypes.name,
};

function withNames(db: Database) {
  return db
    .select(view)
    .from(preAdvices)
    .innerJoin(containerSizes, eq(containerSizes.id, preAdvices.sizeId))
    .leftJoin(linerInfos, eq(linerInfos.id, preAdvices.linerId))
    .leftJoin(containerProcesses, eq(containerProcesses.id, preAdvices.processId))
    .leftJoin(categories, eq(categories.id, preAdvices.categoryId))
    .leftJoin(containerTypes, eq(containerTypes.id, preAdvices.typeId))
    .$dynamic();
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

export function toPreAdvice({ row, ...names }: ViewRow): PreAdvice {
  return {
    id: row.id,
    containerNumber: row.containerNumber,
    expectedFrom: row.expectedFrom.getTime(),
    expectedTo: row.expectedTo.getTime(),
    liner: names.liner,
    process: names.process,
    category: names.category,
    containerSize: names.containerSize,
    containerType: names.containerType,
    trailerNumber: row.trailerNumber,
    igm: row.igm,
    item: row.item,
    jobOrderNumber: row.jobOrderNumber,
    source: row.source as PreAdviceSource,
    createdAt: row.createdAt.getTime(),
    createdBy: row.createdBy,
    usedAt: row.usedAt?.getTime() ?? null,
  };
}

const likeText = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

export const preAdvicesRepository = {
  async byId(db: Database, id: number) {
    const [row] = await withNames(db).where(eq(preAdvices.id, id));
    return row;
  },

  // A page of the list: open ones first, each group by its window, then newest.
  async page(
    db: Database,
    filter: { searchText?: string | undefined; includeUsed: boolean },
    page: { offset: number; limit: number },
  ) {
    const search = filter.searchText?.trim();
    const where = and(
      filter.includeUsed ? undefined : isNull(preAdvices.usedAt),
      search
        ? or(ilike(preAdvices.containerNumber, likeText(search)), ilike(preAdvices.trailerNumber, likeText(search)))
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      withNames(db)
        .where(where)
        .orderBy(sql`${preAdvices.usedAt} is not null`, asc(preAdvices.expectedFrom), desc(preAdvices.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(preAdvices).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  // The open pre-advices, with what the operator sees as evidence (liner, window).
  open: (db: Database) => withNames(db).where(isNull(preAdvices.usedAt)).orderBy(asc(preAdvices.expectedFrom)),

  async openOf(db: Database, numbers: string[]) {
    if (!numbers.length) return [];
    return db
      .select({ id: preAdvices.id, containerNumber: preAdvices.containerNumber })
      .from(preAdvices)
      .where(and(inArray(preAdvices.containerNumber, numbers), isNull(preAdvices.usedAt)));
  },

  async insert(db: Database, values: PreAdviceValues[]) {
    if (!values.length) return [];
    return db.insert(preAdvices).values(values).returning({ id: preAdvices.id });
  },

  // Only an open pre-advice is edited: a used one is the record of a gate-in. Fields left undefined
  // keep their values (Drizzle leaves them out of the statement).
  async update(db: Database, id: number, values: PreAdviceFields) {
    const [row] = await db
      .update(preAdvices)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(preAdvices.id, id), isNull(preAdvices.usedAt)))
      .returning({ id: preAdvices.id });
    return row;
  },

  async delete(db: Database, id: number) {
    const rows = await db.delete(preAdvices).where(eq(preAdvices.id, id)).returning({ id: preAdvices.id });
    return rows.length > 0;
  },

  // The gate-in of these containers uses their open pre-advices (in the gate-in's transaction).
  async use(db: Database, numbers: string[], at: Date) {
    if (!numbers.length) return [];
    return db
      .update(preAdvices)
      .set({ usedAt: at, updatedAt: sql`now()` })
      .where(and(inArray(preAdvices.containerNumber, numbers), isNull(preAdvices.usedAt)))
      .returning({ id: preAdvices.id, containerNumber: preAdvices.containerNumber });
  },
};
