import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { MachineAllocation } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { machines, yardAreas } from '../../db/schema';
import { machineAllocations } from './machine-allocations.table';

export interface MachineAllocationValues {
  machineId: number;
  areaId: number;
  fromTime: Date;
  toTime: Date;
  savedBy: string;
}

const columns = {
  id: machineAllocations.id,
  machineId: machineAllocations.machineId,
  machine: machines.machineName,
  areaId: machineAllocations.areaId,
  area: yardAreas.name,
  fromTime: machineAllocations.fromTime,
  toTime: machineAllocations.toTime,
  version: machineAllocations.version,
};
type AllocationRow = Omit<MachineAllocation, 'fromTime' | 'toTime'> & { fromTime: Date; toTime: Date };

export const toMachineAllocation = (row: AllocationRow): MachineAllocation => ({
  ...row,
  fromTime: row.fromTime.getTime(),
  toTime: row.toTime.getTime(),
});

// The period as the exclusion constraint reads it: [from, to).
const period = sql`tstzrange(${machineAllocations.fromTime}, ${machineAllocations.toTime}, '[)')`;
const overlapping = (from: Date, to: Date) =>
  sql`${period} && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`;

async function select(db: Database, where: SQL | undefined) {
  const rows = await db
    .select(columns)
    .from(machineAllocations)
    .innerJoin(machines, eq(machines.id, machineAllocations.machineId))
    .innerJoin(yardAreas, eq(yardAreas.id, machineAllocations.areaId))
    .where(where)
    .orderBy(asc(machineAllocations.fromTime), asc(machines.machineName), asc(machineAllocations.id));
  return rows.map(toMachineAllocation);
}

export const machineAllocationsRepository = {
  // The allocations that run on some part of [from, to) (the GiST index of the constraint serves it).
  during: (db: Database, from: Date, to: Date) => select(db, overlapping(from, to)),

  byIds: (db: Database, ids: readonly number[]) =>
    ids.length ? select(db, inArray(machineAllocations.id, [...ids])) : Promise.resolve([]),

  // The first allocation of a machine, other than those named, that overlaps [from, to).
  async overlappingOf(db: Database, machineId: number, from: Date, to: Date, except: readonly number[]) {
    const [found] = await select(
      db,
      and(
        eq(machineAllocations.machineId, machineId),
        overlapping(from, to),
        except.length ? notInArray(machineAllocations.id, [...except]) : undefined,
      ),
    );
    return found;
  },

  async machineNames(db: Database, ids: readonly number[]) {
    const rows = await db
      .select({ id: machines.id, name: machines.machineName })
      .from(machines)
      .where(inArray(machines.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.name]));
  },

  async areaName(db: Database, id: number) {
    const [row] = await db.select({ name: yardAreas.name }).from(yardAreas).where(eq(yardAreas.id, id));
    return row?.name;
  },

  async insert(db: Database, values: readonly MachineAllocationValues[]) {
    const rows = await db
      .insert(machineAllocations)
      .values([...values])
      .returning({ id: machineAllocations.id });
    return rows.map((row) => row.id);
  },

  // Changes an allocation if it is still at `version` (any version when none is given); undefined
  // when it is not (changed by someone else, or gone).
  async update(db: Database, id: number, version: number | undefined, values: MachineAllocationValues) {
    const [row] = await db
      .update(machineAllocations)
      .set({ ...values, version: sql`${machineAllocations.version} + 1`, savedAt: sql`now()` })
      .where(
        and(eq(machineAllocations.id, id), version === undefined ? undefined : eq(machineAllocations.version, version)),
      )
      .returning({ id: machineAllocations.id });
    return row?.id;
  },

  async exists(db: Database, id: number) {
    const [row] = await db
      .select({ id: machineAllocations.id })
      .from(machineAllocations)
      .where(eq(machineAllocations.id, id));
    return row !== undefined;
  },

  async delete(db: Database, ids: readonly number[]) {
    const rows = await db
      .delete(machineAllocations)
      .where(inArray(machineAllocations.id, [...ids]))
      .returning({ id: machineAllocations.id });
    return rows.map((row) => row.id);
  },
};
