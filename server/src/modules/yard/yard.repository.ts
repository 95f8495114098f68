import { asc } from 'drizzle-orm';
import type { Database } from '../../adapters/db';
import { yardAreas, yardCells, yardColumns, yardRows } from './yard.table';

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
};
