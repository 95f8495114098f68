import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db';
import { insertJsonRowsReturning } from '../../db/bulk-insert';
import { gateReaders, gates, tagReads } from './gates.table';

export type GateRow = typeof gates.$inferSelect;
export type GateReaderRow = typeof gateReaders.$inferSelect;
export type TagReadRow = typeof tagReads.$inferSelect;
export type TagReadInput = Pick<
  TagReadRow,
  'readerId' | 'gateId' | 'tagId' | 'antenna' | 'rssi' | 'messageId' | 'readAt'
>;

const TAG_READ_COLUMNS = {
  reader_id: 'integer',
  gate_id: 'integer',
  tag_id: 'text',
  antenna: 'integer',
  rssi: 'real',
  message_id: 'text',
  read_at: 'timestamptz',
};

export const gatesRepository = {
  gates: (db: Database) => db.select().from(gates).orderBy(asc(gates.name)),

  async gate(db: Database, id: number) {
    const [row] = await db.select().from(gates).where(eq(gates.id, id));
    return row;
  },

  readers: (db: Database) => db.select().from(gateReaders).orderBy(asc(gateReaders.name)),

  readersOfGates: (db: Database, gateIds: number[]) =>
    gateIds.length
      ? db.select().from(gateReaders).where(inArray(gateReaders.gateId, gateIds)).orderBy(asc(gateReaders.name))
      : Promise.resolve([]),

  unusedReaders: (db: Database) =>
    db.select().from(gateReaders).where(isNull(gateReaders.gateId)).orderBy(asc(gateReaders.name)),

  async reader(db: Database, id: number) {
    const [row] = await db.select().from(gateReaders).where(eq(gateReaders.id, id));
    return row;
  },

  async insertGate(db: Database, values: typeof gates.$inferInsert) {
    const [row] = await db.insert(gates).values(values).returning();
    return row!;
  },

  async updateGate(db: Database, id: number, values: Partial<typeof gates.$inferInsert>) {
    const [row] = await db.update(gates).set(values).where(eq(gates.id, id)).returning();
    return row;
  },

  async deleteGate(db: Database, id: number) {
    return (await db.delete(gates).where(eq(gates.id, id)).returning({ id: gates.id })).length > 0;
  },

  async insertReader(db: Database, values: typeof gateReaders.$inferInsert) {
    const [row] = await db.insert(gateReaders).values(values).returning();
    return row!;
  },

  async updateReader(db: Database, id: number, values: Partial<typeof gateReaders.$inferInsert>) {
    const [row] = await db.update(gateReaders).set(values).where(eq(gateReaders.id, id)).returning();
    return row;
  },

  async deleteReaders(db: Database, ids: number[]) {
    if (!ids.length) return [];
    return db.delete(gateReaders).where(inArray(gateReaders.id, ids)).returning({ id: gateReaders.id });
  },

  // Tag reads of one batch; only rows new to the table come back (a redelivery returns nothing).
  // One statement per batch; a redelivered message id (same reader) is skipped, not returned.
  // The reads that were new come back with their ids (a redelivered one is skipped). Only the ids
  // and keys are returned, the rest is what was sent: returning whole rows with their times cost as
  // much as the insert itself on PGlite.
  async insertTagReads(db: Database, rows: TagReadInput[]): Promise<(TagReadInput & { id: number })[]> {
    const inserted = await insertJsonRowsReturning<{ id: number | string; reader_id: number; message_id: string }>(
      db,
      'tag_reads',
      TAG_READ_COLUMNS,
      rows.map((row) => ({
        reader_id: row.readerId,
        gate_id: row.gateId,
        tag_id: row.tagId,
        antenna: row.antenna,
        rssi: row.rssi,
        message_id: row.messageId,
        read_at: row.readAt.toISOString(),
      })),
      ['reader_id', 'message_id'],
      'id, reader_id, message_id',
    );
    const key = (readerId: number, messageId: string) => `${readerId} ${messageId}`;
    const sent = new Map<string, TagReadInput>();
    for (const row of rows)
      if (!sent.has(key(row.readerId, row.messageId))) sent.set(key(row.readerId, row.messageId), row);
    return inserted.map((row) => ({ ...sent.get(key(row.reader_id, row.message_id))!, id: Number(row.id) }));
  },

  // Latest heard-from time per reader: a batch moves it forward, never back. One statement for the
  // whole batch (ids in order, so concurrent batches lock the rows in the same order).
  async touchReaders(db: Database, updates: { id: number; at: Date; rfStatus?: 'OK' | 'NOK' }[]) {
    if (!updates.length) return;
    const values = [...updates]
      .sort((a, b) => a.id - b.id)
      .map(
        (update) =>
          sql`(${update.id}::integer, ${update.at.toISOString()}::timestamptz, ${update.rfStatus ?? null}::text)`,
      );
    await db.execute(sql`
      update ${gateReaders} set
        status_last_received = greatest(coalesce(${gateReaders.statusLastReceived}, touched.at), touched.at),
        rf_status = coalesce(touched.rf_status, ${gateReaders.rfStatus})
      from (values ${sql.join(values, sql`, `)}) as touched (id, at, rf_status)
      where ${gateReaders.id} = touched.id`);
  },

  async setHealth(
    db: Database,
    readerHealth: { id: number; health: string }[],
    gateHealth: { id: number; health: string }[],
  ) {
    for (const { id, health } of readerHealth)
      await db.update(gateReaders).set({ healthStatus: health }).where(eq(gateReaders.id, id));
    for (const { id, health } of gateHealth)
      await db.update(gates).set({ healthStatus: health }).where(eq(gates.id, id));
  },

  latestTagRead: async (db: Database, gateId: number, since: Date) => {
    const [row] = await db
      .select()
      .from(tagReads)
      .where(and(eq(tagReads.gateId, gateId), gte(tagReads.readAt, since)))
      .orderBy(sql`${tagReads.readAt} desc`)
      .limit(1);
    return row;
  },
};
