import { and, asc, count, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../adapters/db';
import { itvPositions, itvs, machineEvents, machinePositions, machines } from './machines.table';

export type MachineRow = typeof machines.$inferSelect;
export type ItvRow = typeof itvs.$inferSelect;

export const machinesRepository = {
  machines: (db: Database) => db.select().from(machines).orderBy(asc(machines.machineName)),

  async machine(db: Database, id: number) {
    const [row] = await db.select().from(machines).where(eq(machines.id, id));
    return row;
  },

  async insertMachine(db: Database, values: typeof machines.$inferInsert) {
    const [row] = await db.insert(machines).values(values).returning();
    return row!;
  },

  async updateMachine(db: Database, id: number, values: Partial<typeof machines.$inferInsert>) {
    const [row] = await db.update(machines).set(values).where(eq(machines.id, id)).returning();
    return row;
  },

  async itvPage(db: Database, offset: number, limit: number) {
    const [rows, [total]] = await Promise.all([
      db.select().from(itvs).orderBy(asc(itvs.itvNumber)).offset(offset).limit(limit),
      db.select({ value: count() }).from(itvs),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  allItvs: (db: Database) => db.select().from(itvs).orderBy(asc(itvs.itvNumber)),

  async insertItv(db: Database, values: typeof itvs.$inferInsert) {
    const [row] = await db.insert(itvs).values(values).returning();
    return row!;
  },

  async updateItv(db: Database, id: number, values: Partial<typeof itvs.$inferInsert>) {
    const [row] = await db.update(itvs).set(values).where(eq(itvs.id, id)).returning();
    return row;
  },

  deleteItvs: (db: Database, ids: number[]) => db.delete(itvs).where(inArray(itvs.id, ids)).returning({ id: itvs.id }),

  // One multi-row INSERT per batch; redelivered message ids are skipped.
  insertMachinePositions: (db: Database, rows: (typeof machinePositions.$inferInsert)[]) =>
    rows.length ? db.insert(machinePositions).values(rows).onConflictDoNothing().returning() : Promise.resolve([]),

  insertItvPositions: (db: Database, rows: (typeof itvPositions.$inferInsert)[]) =>
    rows.length ? db.insert(itvPositions).values(rows).onConflictDoNothing().returning() : Promise.resolve([]),

  insertMachineEvents: (db: Database, rows: (typeof machineEvents.$inferInsert)[]) =>
    rows.length ? db.insert(machineEvents).values(rows).onConflictDoNothing().returning() : Promise.resolve([]),

  // The latest position of each machine moves only forward in time.
  async setLatestMachine(
    db: Database,
    update: { id: number; latitude: number; longitude: number; at: Date; status?: string; colour: string },
  ) {
    await db
      .update(machines)
      .set({
        latitude: update.latitude,
        longitude: update.longitude,
        lastDataReceived: update.at,
        statusColour: update.colour,
        ...(update.status ? { machineStatus: update.status } : {}),
      })
      .where(
        and(
          eq(machines.id, update.id),
          or(isNull(machines.lastDataReceived), lte(machines.lastDataReceived, update.at)),
        ),
      );
  },

  async setLatestItv(
    db: Database,
    update: { id: number; latitude: number; longitude: number; at: Date; colour: string },
  ) {
    await db
      .update(itvs)
      .set({
        latitude: update.latitude,
        longitude: update.longitude,
        lastDataReceived: update.at,
        statusColour: update.colour,
      })
      .where(and(eq(itvs.id, update.id), or(isNull(itvs.lastDataReceived), lte(itvs.lastDataReceived, update.at))));
  },
};
