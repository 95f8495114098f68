import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db';
import { containerProcesses, containers, containerSizes, containerTypes } from '../../db/schema';
import { batchJobs } from './batch.table';

export type BatchJobRow = typeof batchJobs.$inferSelect;
export type NewBatchJobRow = typeof batchJobs.$inferInsert;

// A container in the yard as the ERP and the sync file see it.
export interface YardContainerRow {
  id: number;
  containerNumber: string;
  igm: string | null;
  item: string | null;
  gateInAt: Date;
  size: string;
  type: string | null;
  process: string | null;
}

const inYard = and(isNull(containers.dispatchedAt), isNull(containers.voidedAt), eq(containers.planned, false));

const yardColumns = {
  id: containers.id,
  containerNumber: containers.containerNumber,
  igm: containers.igm,
  item: containers.item,
  gateInAt: containers.gateInAt,
  size: containerSizes.name,
  type: containerTypes.name,
  process: containerProcesses.name,
};

export const batchRepository = {
  async insert(database: Database, values: NewBatchJobRow): Promise<BatchJobRow> {
    const [row] = await database.insert(batchJobs).values(values).returning();
    return row!;
  },

  async byId(database: Database, id: string): Promise<BatchJobRow | undefined> {
    const [row] = await database.select().from(batchJobs).where(eq(batchJobs.id, id));
    return row;
  },

  async update(database: Database, id: string, values: Partial<NewBatchJobRow>): Promise<BatchJobRow> {
    const [row] = await database.update(batchJobs).set(values).where(eq(batchJobs.id, id)).returning();
    return row!;
  },

  // The containers in the yard (not planned reservations), optionally only these numbers or only
  // those gated in before a moment, in number order.
  async yardContainers(
    database: Database,
    filter: { numbers?: string[]; gatedInBefore?: Date } = {},
  ): Promise<YardContainerRow[]> {
    return database
      .select(yardColumns)
      .from(containers)
      .innerJoin(containerSizes, eq(containerSizes.id, containers.sizeId))
      .leftJoin(containerTypes, eq(containerTypes.id, containers.typeId))
      .leftJoin(containerProcesses, eq(containerProcesses.id, containers.processId))
      .where(
        and(
          inYard,
          filter.numbers ? inArray(containers.containerNumber, filter.numbers) : sql`true`,
          filter.gatedInBefore ? lt(containers.gateInAt, filter.gatedInBefore) : sql`true`,
        ),
      )
      .orderBy(asc(containers.containerNumber));
  },
};
