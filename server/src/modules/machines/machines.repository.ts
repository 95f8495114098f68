import { asc, count, eq, inArray, sql } from 'drizzle-orm';
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

  // The latest position of each machine moves only forward in time. One statement per batch (ids in
  // order, so concurrent batches lock the rows in the same order).
  async setLatestMachines(
    db: Database,
    updates: { id: number; latitude: number; longitude: number; at: Date; status?: string; colour: string }[],
  ) {
    if (!updates.length) return;
    const values = [...updates]
      .sort((a, b) => a.id - b.id)
      .map(
        (update) =>
          sql`(${update.id}::integer, ${update.latitude}::double precision, ${update.longitude}::double precision, ${update.at.toISOString()}::timestamptz, ${update.status ?? null}::text, ${update.colour}::text)`,
      );
    await db.execute(sql`
      update ${machines} set
        latitude = latest.latitude,
        longitude = latest.longitude,
        last_data_received = latest.at,
        status_colour = latest.colour,
        machine_status = coalesce(latest.status, ${machines.machineStatus})
      from (values ${sql.join(values, sql`, `)}) as latest (id, latitude, longitude, at, status, colour)
      where ${machines.id} = latest.id
        and (${machines.lastDataReceived} is null or ${machines.lastDataReceived} <= latest.at)`);
  },

  async setLatestItvs(
    db: Database,
    updates: { id: number; latitude: number; longitude: number; at: Date; colour: string }[],
  ) {
    if (!updates.length) return;
    const values = [...updates]
      .sort((a, b) => a.id - b.id)
      .map(
        (update) =>
          sql`(${update.id}::integer, ${update.latitude}::double precision, ${update.longitude}::double precision, ${update.at.toISOString()}::timestamptz, ${update.colour}::text)`,
      );
    await db.execute(sql`
      update ${itvs} set
        latitude = latest.latitude,
        longitude = latest.longitude,
        last_data_received = latest.at,
        status_colour = latest.colour
      from (values ${sql.join(values, sql`, `)}) as latest (id, latitude, longitude, at, colour)
      where ${itvs.id} = latest.id
        and (${itvs.lastDataReceived} is null or ${itvs.lastDataReceived} <= latest.at)`);
  },
};
