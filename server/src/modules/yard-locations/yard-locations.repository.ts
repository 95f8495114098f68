import { asc, eq, sql } from 'drizzle-orm';
import type { YardCoordinate, YardLocation, YardLocationType } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { yardLocations } from './yard-locations.table';

export type YardLocationRow = typeof yardLocations.$inferSelect;
export interface YardLocationValues {
  name: string;
  type: YardLocationType;
  coordinates: readonly YardCoordinate[];
}

export const toYardLocation = (row: YardLocationRow): YardLocation => ({
  id: row.id,
  name: row.name,
  type: row.type as YardLocationType,
  coordinates: row.latitudes.map((latitude, index) => ({ latitude, longitude: row.longitudes[index]! })),
});

const columns = (values: YardLocationValues) => ({
  name: values.name,
  type: values.type,
  latitudes: values.coordinates.map((point) => point.latitude),
  longitudes: values.coordinates.map((point) => point.longitude),
});

export const yardLocationsRepository = {
  list: (db: Database) =>
    db
      .select()
      .from(yardLocations)
      .orderBy(asc(sql`lower(${yardLocations.name})`), asc(yardLocations.id)),

  insert: async (db: Database, values: YardLocationValues) =>
    (await db.insert(yardLocations).values(columns(values)).returning())[0]!,

  update: async (db: Database, id: number, values: YardLocationValues) =>
    (await db.update(yardLocations).set(columns(values)).where(eq(yardLocations.id, id)).returning())[0],

  delete: async (db: Database, id: number) =>
    (await db.delete(yardLocations).where(eq(yardLocations.id, id)).returning({ id: yardLocations.id }))[0]?.id,
};
