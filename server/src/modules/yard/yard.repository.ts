import { and, asc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db';
import { yardAreas, yardCells, yardColumns, yardRows } from './yard.table';

export type YardAreaRow = typeof yardAreas.$inferSelect;
export type YardColumnRow = typeof yardColumns.$inferSelect;

export const yardRepository = {
  async layout(db: Database) {
    const [areas, rows, columns, cells] = await Promise.all([
      db.select().from(yardAreas).orderBy(asc(yardAreas.sortOrder), asc(yardAreas.name)),
      db.select().from(yardRows).orderBy(asc(yardRows.index)),
      db.select().from(yardColumns).orderBy(asc(yardColumns.index)),
      db.select().from(yardCells),
    ]);
    return { areas, rows, columns, cells };
  },

  // Areas, rows and columns without the cells: what naming and resolving slots needs.
  async grid(db: Database) {
    const [areas, rows, columns] = await Promise.all([
      db.select().from(yardAreas).orderBy(asc(yardAreas.sortOrder), asc(yardAreas.name)),
      db.select().from(yardRows).orderBy(asc(yardRows.index)),
      db.select().from(yardColumns).orderBy(asc(yardColumns.index)),
    ]);
    return { areas, rows, columns };
  },

  async areaByKey(db: Database, key: string | number) {
    const [row] = await db
      .select()
      .from(yardAreas)
      .where(typeof key === 'number' ? eq(yardAreas.id, key) : sql`upper(${yardAreas.name}) = upper(${key})`);
    return row;
  },

  columnsOf: (db: Database, areaId: number) =>
    db.select().from(yardColumns).where(eq(yardColumns.areaId, areaId)).orderBy(asc(yardColumns.index)),

  rowsOf: (db: Database, areaId: number) =>
    db.select().from(yardRows).where(eq(yardRows.areaId, areaId)).orderBy(asc(yardRows.index)),
};

export const yardAdminRepository = {
  async insertArea(db: Database, values: typeof yardAreas.$inferInsert) {
    const [row] = await db.insert(yardAreas).values(values).returning();
    return row!;
  },

  async copyRows(db: Database, fromAreaId: number, toAreaId: number) {
    const rows = await yardRepository.rowsOf(db, fromAreaId);
    if (!rows.length) return [];
    return db
      .insert(yardRows)
      .values(rows.map((row) => ({ areaId: toAreaId, index: row.index, name: row.name })))
      .returning();
  },

  // Moves columns from..to of one area to another, numbered from 1 there and labelled from
  // firstLabel; positions follow through their foreign keys (on update cascade).
  async moveColumns(
    db: Database,
    move: { fromAreaId: number; toAreaId: number; fromCol: number; toCol: number; firstLabel: number },
  ) {
    await db
      .update(yardColumns)
      .set({
        areaId: move.toAreaId,
        index: sql`${yardColumns.index} - ${move.fromCol - 1}`,
        name: sql`(${yardColumns.index} - ${move.fromCol} + ${move.firstLabel})::text`,
      })
      .where(
        and(
          eq(yardColumns.areaId, move.fromAreaId),
          gte(yardColumns.index, move.fromCol),
          lte(yardColumns.index, move.toCol),
        ),
      );
  },

  // Closes the gap after moved columns: the columns after `after` move down by `by` and are
  // labelled by their new number. Done in two steps so no key collides on the way.
  async closeGap(db: Database, areaId: number, after: number, by: number) {
    const far = 100_000;
    await db
      .update(yardColumns)
      .set({ index: sql`${yardColumns.index} + ${far}` })
      .where(and(eq(yardColumns.areaId, areaId), gt(yardColumns.index, after)));
    await db
      .update(yardColumns)
      .set({
        index: sql`${yardColumns.index} - ${far + by}`,
        name: sql`(${yardColumns.index} - ${far + by})::text`,
      })
      .where(and(eq(yardColumns.areaId, areaId), gt(yardColumns.index, far)));
  },

  // Cells take the area, row and name of their column again (after columns moved or were renamed).
  // Names are unique: a temporary name first, so no two cells collide on the way.
  async syncCells(db: Database, areaIds: number[]) {
    if (!areaIds.length) return;
    await db.execute(sql`
      update ${yardCells} as cell set full_name = 'renaming:' || cell.id
        from ${yardColumns} col
       where cell.column_id = col.id and col.area_id in (${sql.join(areaIds, sql`, `)})`);
    for (const areaId of areaIds) {
      await db.execute(sql`
        update ${yardCells} as cell
           set area_id = col.area_id,
               row_id = target_row.id,
               name = col.name,
               full_name = area.name || '_' || target_row.name || '_' || col.name
          from ${yardColumns} col, ${yardRows} old_row, ${yardRows} target_row, ${yardAreas} area
         where cell.column_id = col.id
           and old_row.id = cell.row_id
           and target_row.area_id = col.area_id
           and target_row.index = old_row.index
           and area.id = col.area_id
           and col.area_id = ${areaId}`);
    }
  },

  async setMerged(db: Database, areaId: number, indices: number[], merged: boolean) {
    if (indices.length)
      await db
        .update(yardColumns)
        .set({ merged })
        .where(and(eq(yardColumns.areaId, areaId), inArray(yardColumns.index, indices)));
  },

  async setCorners(db: Database, areaId: number, corners: Partial<typeof yardAreas.$inferInsert>) {
    const [row] = await db.update(yardAreas).set(corners).where(eq(yardAreas.id, areaId)).returning();
    return row;
  },
};
