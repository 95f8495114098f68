import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db';
import { gateReaders, gates, tagReads } from '../../db/schema';
import { gateTagUses, gateTransactions, rfidTags } from './gate-operations.table';

export type GateTransactionKind = 'gateIn' | 'trailerGateIn' | 'dispatch' | 'scanningDispatch' | 'retag';

export const gateOperationsRepository = {
  // The committed transaction of a request id, if any.
  async transaction(db: Database, requestId: string) {
    const [row] = await db.select().from(gateTransactions).where(eq(gateTransactions.requestId, requestId));
    return row;
  },

  // The committed transactions of these request ids.
  transactions: (db: Database, requestIds: readonly string[]) =>
    requestIds.length
      ? db
          .select()
          .from(gateTransactions)
          .where(inArray(gateTransactions.requestId, [...requestIds]))
      : Promise.resolve([]),

  // Claims many request ids at once (a batch chunk), as claim does one: those claimed here.
  async claimAll(
    db: Database,
    values: readonly { requestId: string; kind: GateTransactionKind; gateId: number | null; userName: string | null }[],
  ): Promise<Set<string>> {
    if (!values.length) return new Set();
    const rows = await db
      .insert(gateTransactions)
      .values(values.map((value) => ({ ...value, answer: {} })))
      .onConflictDoNothing({ target: gateTransactions.requestId })
      .returning({ requestId: gateTransactions.requestId });
    return new Set(rows.map((row) => row.requestId));
  },

  // Request ids claimed in this transaction given up again (their gate-in was refused).
  async unclaim(db: Database, requestIds: readonly string[]) {
    if (!requestIds.length) return;
    await db.delete(gateTransactions).where(inArray(gateTransactions.requestId, [...requestIds]));
  },

  // The answers of many claimed request ids, in one statement.
  async answerAll(db: Database, answers: readonly { requestId: string; answer: unknown; visitId: number | null }[]) {
    if (!answers.length) return;
    const rows = sql.join(
      answers.map(
        (entry) => sql`(${entry.requestId}::text, ${JSON.stringify(entry.answer)}::jsonb, ${entry.visitId}::integer)`,
      ),
      sql`, `,
    );
    // The request ids again as a list: the planner then reads them by the key instead of joining
    // the values with every transaction.
    await db.execute(sql`update ${gateTransactions} set answer = v.answer, visit_id = v.visit_id
      from (values ${rows}) as v(request_id, answer, visit_id)
      where ${gateTransactions.requestId} = v.request_id and ${inArray(
        gateTransactions.requestId,
        answers.map((entry) => entry.requestId),
      )}`);
  },

  // Claims a request id first in the transaction: false when another transaction has it. A twin
  // still in flight holds the key; this insert waits for it, then finds the key taken.
  async claim(
    db: Database,
    values: { requestId: string; kind: GateTransactionKind; gateId: number | null; userName: string | null },
  ): Promise<boolean> {
    const rows = await db
      .insert(gateTransactions)
      .values({ ...values, answer: {} })
      .onConflictDoNothing({ target: gateTransactions.requestId })
      .returning({ requestId: gateTransactions.requestId });
    return rows.length > 0;
  },

  async answer(db: Database, requestId: string, answer: unknown, visitId: number | null) {
    await db.update(gateTransactions).set({ answer, visitId }).where(eq(gateTransactions.requestId, requestId));
  },

  tagLives: (db: Database, tags: string[]) =>
    tags.length ? db.select().from(rfidTags).where(inArray(rfidTags.tagId, tags)) : Promise.resolve([]),

  // A tag bound at a gate-in or a retag: its first use stays, its last binding and count move on.
  async bindTags(db: Database, tags: string[], at: Date) {
    if (!tags.length) return;
    await db
      .insert(rfidTags)
      .values(tags.map((tagId) => ({ tagId, firstUsedAt: at, lastBoundAt: at })))
      .onConflictDoUpdate({
        target: rfidTags.tagId,
        set: { lastBoundAt: at, bindCount: sql`${rfidTags.bindCount} + 1` },
      });
  },

  async useTags(db: Database, gateId: number, tags: string[], requestId: string | null) {
    if (!tags.length) return;
    await db.insert(gateTagUses).values(tags.map((tagId) => ({ gateId, tagId, requestId })));
  },

  async gate(db: Database, gateId: number) {
    const [row] = await db.select({ id: gates.id, type: gates.type }).from(gates).where(eq(gates.id, gateId));
    return row;
  },

  // The latest read at the gate by a reader of this type, fresher than `since`, of a tag no
  // committed transaction used at that gate within `usedWindowMs` of the read.
  async latestUnusedRead(db: Database, gateId: number, readerType: string, since: Date, usedWindowMs: number) {
    const [row] = await db
      .select({ tagId: tagReads.tagId, readAt: tagReads.readAt, readerId: tagReads.readerId })
      .from(tagReads)
      .innerJoin(gateReaders, eq(gateReaders.id, tagReads.readerId))
      .where(
        and(
          eq(tagReads.gateId, gateId),
          eq(gateReaders.readerType, readerType),
          gte(tagReads.readAt, since),
          sql`not exists (select 1 from ${gateTagUses} where ${gateTagUses.gateId} = ${tagReads.gateId}
            and ${gateTagUses.tagId} = ${tagReads.tagId}
            and ${gateTagUses.usedAt} >= ${tagReads.readAt} - make_interval(secs => ${usedWindowMs / 1000}))`,
        ),
      )
      .orderBy(sql`${tagReads.readAt} desc`, sql`${tagReads.id} desc`)
      .limit(1);
    return row;
  },
};
