import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, not, sql } from 'drizzle-orm';
import type { GatePass, OcrDiffEntry, OcrOutcome, SnapshotData } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { containers, gates, tasks, trailers } from '../../db/schema';
import { gatePasses, smartGateTransactions, userGates, type GatePassRow } from './smart-gate.table';

export interface GatePassValues {
  containerNumber: string;
  date: Date;
  boeDate: Date | null;
  boeNumber: string | null;
  chaName: string | null;
  consignee: string | null;
  validTill: Date | null;
  remarks: string | null;
}

export function toGatePass(row: GatePassRow, now = Date.now()): GatePass {
  return {
    id: row.id,
    containerNumber: row.containerNumber,
    date: row.date.getTime(),
    boeDate: row.boeDate?.getTime() ?? null,
    boeNumber: row.boeNumber,
    chaName: row.chaName,
    consignee: row.consignee,
    validTill: row.validTill?.getTime() ?? null,
    remarks: row.remarks,
    usedAt: row.usedAt?.getTime() ?? null,
    valid: row.usedAt === null && (row.validTill === null || row.validTill.getTime() >= now),
  };
}

export interface NewSmartGateTransaction {
  kind: 'in' | 'out';
  gateId: number;
  recordId: number;
  requestId: string;
  containerNumber: string;
  suggestedContainerNumber: string | null;
  ocrOutcome: OcrOutcome;
  gatePassId: number | null;
  gatePass: GatePass | null;
  forceDispatch: boolean;
  forceDispatchReason: string | null;
  snapshotData: SnapshotData | null;
  differences: OcrDiffEntry[];
  userId: number | null;
  userName: string;
}

export const smartGateRepository = {
  // The open pass of a container (not used by a dispatch), locked when read in a transaction.
  async openPass(db: Database, containerNumber: string, lock = false) {
    const query = db
      .select()
      .from(gatePasses)
      .where(and(eq(gatePasses.containerNumber, containerNumber), isNull(gatePasses.usedAt)));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  },

  async pass(db: Database, id: number, lock = false) {
    const query = db.select().from(gatePasses).where(eq(gatePasses.id, id));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  },

  async passesPage(
    db: Database,
    filter: { searchText?: string | undefined; includeUsed: boolean },
    page: { offset: number; limit: number },
  ) {
    const search = filter.searchText?.trim();
    const where = and(
      filter.includeUsed ? undefined : isNull(gatePasses.usedAt),
      search ? ilike(gatePasses.containerNumber, `%${search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(gatePasses)
        .where(where)
        .orderBy(desc(gatePasses.date), desc(gatePasses.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(gatePasses).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  async openPassesOf(db: Database, numbers: string[]) {
    if (!numbers.length) return [];
    return db
      .select()
      .from(gatePasses)
      .where(and(inArray(gatePasses.containerNumber, numbers), isNull(gatePasses.usedAt)));
  },

  async insertPasses(db: Database, values: (GatePassValues & { createdBy: string | null })[]) {
    if (!values.length) return [];
    return db.insert(gatePasses).values(values).returning();
  },

  async updatePass(db: Database, id: number, values: GatePassValues) {
    const [row] = await db
      .update(gatePasses)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(gatePasses.id, id))
      .returning();
    return row;
  },

  async deletePass(db: Database, id: number) {
    const rows = await db.delete(gatePasses).where(eq(gatePasses.id, id)).returning({ id: gatePasses.id });
    return rows.length > 0;
  },

  async usePass(db: Database, id: number) {
    const [row] = await db
      .update(gatePasses)
      .set({ usedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(gatePasses.id, id), isNull(gatePasses.usedAt)))
      .returning();
    return row;
  },

  async insertTransaction(db: Database, values: NewSmartGateTransaction) {
    const [row] = await db.insert(smartGateTransactions).values(values).returning();
    return row!;
  },

  async report(
    db: Database,
    filter: { kind: 'in' | 'out'; from: Date; to: Date; gateId?: number | undefined },
    page: { offset: number; limit: number },
  ) {
    const where = and(
      eq(smartGateTransactions.kind, filter.kind),
      gte(smartGateTransactions.at, filter.from),
      lt(smartGateTransactions.at, filter.to),
      filter.gateId ? eq(smartGateTransactions.gateId, filter.gateId) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(smartGateTransactions)
        .where(where)
        .orderBy(desc(smartGateTransactions.at), desc(smartGateTransactions.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(smartGateTransactions).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  // How the records of a period were resolved, by gate and instant (days are cut in the yard's
  // zone by the service).
  outcomes: (db: Database, filter: { from: Date; to: Date; gateId?: number | undefined }) =>
    db
      .select({
        gateId: smartGateTransactions.gateId,
        at: smartGateTransactions.at,
        ocrOutcome: smartGateTransactions.ocrOutcome,
      })
      .from(smartGateTransactions)
      .where(
        and(
          gte(smartGateTransactions.at, filter.from),
          lt(smartGateTransactions.at, filter.to),
          filter.gateId ? eq(smartGateTransactions.gateId, filter.gateId) : undefined,
        ),
      ),

  // What the depot expects at an OUT gate: open passes and containers in the yard.
  async expectedOut(db: Database) {
    const [passes, inYard] = await Promise.all([
      db.select({ containerNumber: gatePasses.containerNumber }).from(gatePasses).where(isNull(gatePasses.usedAt)),
      db
        .select({ containerNumber: containers.containerNumber })
        .from(containers)
        // A plan's reservations (issue 19) are not in the yard.
        .where(and(isNull(containers.dispatchedAt), isNull(containers.voidedAt), not(containers.planned))),
    ]);
    return { passes: passes.map((row) => row.containerNumber), inYard: inYard.map((row) => row.containerNumber) };
  },

  // What the depot expects at an IN gate beside its pre-advices (the pre-advices service): the
  // containers trucks inside came for (vehicle gate-ins) and those of open tasks not yet in the yard.
  async expectedIn(db: Database) {
    const [visits, open] = await Promise.all([
      db.select({ containerNumbers: trailers.containerNumbers }).from(trailers).where(isNull(trailers.outAt)),
      db
        .selectDistinct({ containerNumber: tasks.containerNumber })
        .from(tasks)
        .leftJoin(
          containers,
          and(
            eq(containers.containerNumber, tasks.containerNumber),
            isNull(containers.dispatchedAt),
            isNull(containers.voidedAt),
            not(containers.planned),
          ),
        )
        .where(and(isNull(tasks.completedAt), isNull(containers.id))),
    ]);
    return {
      trucksInside: visits.flatMap((row) => row.containerNumbers),
      openTasks: open.map((row) => row.containerNumber),
    };
  },

  async gate(db: Database, gateId: number) {
    const [row] = await db.select({ id: gates.id, type: gates.type }).from(gates).where(eq(gates.id, gateId));
    return row;
  },

  allGates: (db: Database) =>
    db.select({ gateId: gates.id, name: gates.name, type: gates.type }).from(gates).orderBy(asc(gates.name)),

  async transactionOfRequest(db: Database, requestId: string) {
    const [row] = await db
      .select({ id: smartGateTransactions.id })
      .from(smartGateTransactions)
      .where(eq(smartGateTransactions.requestId, requestId));
    return row;
  },

  gatesOfUser: (db: Database, userId: number) =>
    db
      .select({ gateId: gates.id, name: gates.name, type: gates.type })
      .from(userGates)
      .innerJoin(gates, eq(gates.id, userGates.gateId))
      .where(eq(userGates.userId, userId))
      .orderBy(asc(userGates.position), asc(gates.name)),

  async setGatesOfUser(db: Database, userId: number, gateIds: number[]) {
    await db.delete(userGates).where(eq(userGates.userId, userId));
    if (gateIds.length)
      await db.insert(userGates).values(gateIds.map((gateId, position) => ({ userId, gateId, position })));
  },

  gatesById: (db: Database, ids: number[]) =>
    ids.length ? db.select({ id: gates.id }).from(gates).where(inArray(gates.id, ids)) : Promise.resolve([]),
};
