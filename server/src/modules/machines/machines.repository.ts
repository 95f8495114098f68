import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db';
import { insertJsonRowsReturning } from '../../db/bulk-insert';
import type { itvPositions, machineEvents, machinePositions } from './machines.table';
import { itvs, machines } from './machines.table';

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

  // One statement per batch; redelivered message ids are skipped, and only new rows come back.
  async insertMachinePositions(db: Database, rows: (typeof machinePositions.$inferInsert)[]) {
    const inserted = await insertJsonRowsReturning<{
      machineId: number;
      latitude: number;
      longitude: number;
      machineStatus: string | null;
      recordedAt: number;
    }>(
      db,
      'machine_positions',
      {
        machine_id: 'integer',
        latitude: 'double precision',
        longitude: 'double precision',
        heading: 'real',
        speed: 'real',
        machine_status: 'text',
        message_id: 'text',
        recorded_at: 'timestamptz',
      },
      rows.map((row) => ({
        machine_id: row.machineId,
        latitude: row.latitude,
        longitude: row.longitude,
        heading: row.heading ?? null,
        speed: row.speed ?? null,
        machine_status: row.machineStatus ?? null,
        message_id: row.messageId,
        recorded_at: row.recordedAt.toISOString(),
      })),
      ['machine_id', 'message_id'],
      `machine_id as "machineId", latitude, longitude, machine_status as "machineStatus",
        (extract(epoch from recorded_at) * 1000)::float8 as "recordedAt"`,
    );
    return inserted.map((row) => ({ ...row, recordedAt: new Date(row.recordedAt) }));
  },

  async insertItvPositions(db: Database, rows: (typeof itvPositions.$inferInsert)[]) {
    const inserted = await insertJsonRowsReturning<{
      itvId: number;
      latitude: number;
      longitude: number;
      recordedAt: number;
    }>(
      db,
      'itv_positions',
      {
        itv_id: 'integer',
        latitude: 'double precision',
        longitude: 'double precision',
        speed: 'real',
        message_id: 'text',
        recorded_at: 'timestamptz',
      },
      rows.map((row) => ({
        itv_id: row.itvId,
        latitude: row.latitude,
        longitude: row.longitude,
        speed: row.speed ?? null,
        message_id: row.messageId,
        recorded_at: row.recordedAt.toISOString(),
      })),
      ['itv_id', 'message_id'],
      `itv_id as "itvId", latitude, longitude, (extract(epoch from recorded_at) * 1000)::float8 as "recordedAt"`,
    );
    return inserted.map((row) => ({ ...row, recordedAt: new Date(row.recordedAt) }));
  },

  // The new events (a redelivered message id is skipped), with their ids, in the order given.
  async insertMachineEvents(db: Database, rows: (typeof machineEvents.$inferInsert)[]) {
    const inserted = await insertJsonRowsReturning<{ id: number | string; machine_id: number; message_id: string }>(
      db,
      'machine_events',
      {
        machine_id: 'integer',
        kind: 'text',
        tag_id: 'text',
        container_number: 'text',
        height: 'integer',
        latitude: 'double precision',
        longitude: 'double precision',
        message_id: 'text',
        occurred_at: 'timestamptz',
      },
      rows.map((row) => ({
        machine_id: row.machineId,
        kind: row.kind,
        tag_id: row.tagId ?? null,
        container_number: row.containerNumber ?? null,
        height: row.height ?? null,
        latitude: row.latitude ?? null,
        longitude: row.longitude ?? null,
        message_id: row.messageId,
        occurred_at: row.occurredAt.toISOString(),
      })),
      ['machine_id', 'message_id'],
      'id, machine_id, message_id',
    );
    const ids = new Map(inserted.map((row) => [`${row.machine_id}:${row.message_id}`, Number(row.id)]));
    return rows.flatMap((row) => {
      const key = `${row.machineId}:${row.messageId}`;
      const id = ids.get(key);
      // A message id twice in one batch is one event.
      ids.delete(key);
      return id === undefined ? [] : [{ ...row, id }];
    });
  },

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
