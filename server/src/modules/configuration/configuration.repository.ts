import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db';
import { yardCells } from '../../db/schema';
import { yardRuleCells, yardRules } from './configuration.table';

export type RuleRow = typeof yardRules.$inferSelect;
export type NewRuleRow = typeof yardRules.$inferInsert;

export const configurationRepository = {
  rules: (db: Database) => db.select().from(yardRules).orderBy(asc(yardRules.name)),

  async rule(db: Database, id: number) {
    const [row] = await db.select().from(yardRules).where(eq(yardRules.id, id));
    return row;
  },

  async ruleByName(db: Database, name: string) {
    const [row] = await db
      .select()
      .from(yardRules)
      .where(sql`lower(${yardRules.name}) = lower(${name})`);
    return row;
  },

  // Cells of rules with their area, row and column, for naming them.
  cellsOfRules(db: Database, ruleIds?: number[]) {
    return db
      .select({ ruleId: yardRuleCells.ruleId, cell: yardCells })
      .from(yardRuleCells)
      .innerJoin(yardCells, eq(yardCells.id, yardRuleCells.cellId))
      .where(ruleIds ? inArray(yardRuleCells.ruleId, ruleIds) : undefined);
  },

  // Which of these cells already belong to a rule (other than `exceptRuleId`), and to which.
  cellOwners(db: Database, cellIds: number[]) {
    if (!cellIds.length) return Promise.resolve([]);
    return db
      .select({ cellId: yardRuleCells.cellId, ruleId: yardRules.id, ruleName: yardRules.name })
      .from(yardRuleCells)
      .innerJoin(yardRules, eq(yardRules.id, yardRuleCells.ruleId))
      .where(inArray(yardRuleCells.cellId, cellIds));
  },

  async existingCells(db: Database, cellIds: number[]) {
    if (!cellIds.length) return [];
    return db.select({ id: yardCells.id }).from(yardCells).where(inArray(yardCells.id, cellIds));
  },

  async insert(db: Database, values: NewRuleRow) {
    const [row] = await db.insert(yardRules).values(values).returning();
    return row!;
  },

  async update(db: Database, id: number, values: Partial<NewRuleRow>) {
    const [row] = await db
      .update(yardRules)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(yardRules.id, id))
      .returning();
    return row;
  },

  async replaceCells(db: Database, ruleId: number, cellIds: number[]) {
    await db.delete(yardRuleCells).where(eq(yardRuleCells.ruleId, ruleId));
    if (cellIds.length) await db.insert(yardRuleCells).values(cellIds.map((cellId) => ({ ruleId, cellId })));
  },

  async delete(db: Database, id: number) {
    return (await db.delete(yardRules).where(eq(yardRules.id, id)).returning({ id: yardRules.id })).length > 0;
  },
};
