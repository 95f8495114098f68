import { and, asc, inArray, sql } from 'drizzle-orm';
import type { GeneratedTask } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { tasks } from './tasks.table';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;

export function toGeneratedTask(row: TaskRow): GeneratedTask {
  return {
    taskId: row.id,
    containerNumber: row.containerNumber,
    taskType: row.taskType,
    deliveryMode: row.deliveryMode,
    fromLocation: row.fromLocation,
    toLocation: row.toLocation,
    toLocationDetails: row.toLocationDetails,
    assignedToMachine: row.assignedToMachine,
    generationDate: row.generatedAt.getTime(),
  };
}

export const tasksRepository = {
  async insert(db: Database, rows: NewTaskRow[]) {
    if (!rows.length) return [];
    return db.insert(tasks).values(rows).returning();
  },

  ofVisits: (db: Database, visitIds: number[]) =>
    visitIds.length
      ? db.select().from(tasks).where(inArray(tasks.visitId, visitIds)).orderBy(asc(tasks.id))
      : Promise.resolve([] as TaskRow[]),

  // Per visit: its tasks done and pending, and when the last one was done (truck turn time).
  async countsOfVisits(db: Database, visitIds: number[]) {
    if (!visitIds.length) return [];
    return db
      .select({
        visitId: sql<number>`${tasks.visitId}`.mapWith(Number),
        done: sql<number>`count(*) filter (where ${tasks.completedAt} is not null)`.mapWith(Number),
        pending: sql<number>`count(*) filter (where ${tasks.completedAt} is null)`.mapWith(Number),
        lastDoneAt: sql<Date | null>`max(${tasks.completedAt})`.mapWith((value: string | Date | null) =>
          value === null ? null : new Date(value),
        ),
      })
      .from(tasks)
      .where(and(inArray(tasks.visitId, visitIds)))
      .groupBy(tasks.visitId);
  },
};
