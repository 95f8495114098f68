import { asc, eq, inArray } from 'drizzle-orm';
import type { MachineShift } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { machineShifts } from './machine-shifts.table';

export type MachineShiftRow = typeof machineShifts.$inferSelect;
export type MachineShiftValues = Omit<typeof machineShifts.$inferInsert, 'id'>;

export const toMachineShift = (row: MachineShiftRow): MachineShift => ({
  id: row.id,
  name: row.name,
  fromHour: row.fromHour,
  fromMinute: row.fromMinute,
  toHour: row.toHour,
  toMinute: row.toMinute,
});

export const machineShiftsRepository = {
  // In the order of the day (by start), then by name.
  list: (db: Database) =>
    db
      .select()
      .from(machineShifts)
      .orderBy(asc(machineShifts.fromHour), asc(machineShifts.fromMinute), asc(machineShifts.name)),

  insert: async (db: Database, values: MachineShiftValues) =>
    (await db.insert(machineShifts).values(values).returning())[0]!,

  update: async (db: Database, id: number, values: MachineShiftValues) =>
    (await db.update(machineShifts).set(values).where(eq(machineShifts.id, id)).returning())[0],

  delete: async (db: Database, ids: readonly number[]) =>
    (
      await db
        .delete(machineShifts)
        .where(inArray(machineShifts.id, [...ids]))
        .returning({ id: machineShifts.id })
    ).map((row) => row.id),
};
