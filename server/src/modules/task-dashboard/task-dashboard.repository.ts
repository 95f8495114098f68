import { and, asc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../adapters/db';
import { rowsOf } from '../../db/bulk-insert';
import { machineEvents, machines, machineShifts } from '../../db/schema';
import { machineDayStats, machineDayStatsBuilds } from './task-dashboard.table';

// One change to the rollup: the counts to add (negative to take back) to a machine's yard day, of
// the whole day (shiftId null) or of a shift.
export interface StatDelta {
  day: string;
  shiftId: number | null;
  machine: string;
  productiveMoves: number;
  wasteMoves: number;
  completedTasks: number;
}

export type StatRow = Pick<StatDelta, 'day' | 'machine' | 'productiveMoves' | 'wasteMoves' | 'completedTasks'>;

// The times of a shift as the rebuild needs them (minutes of the yard's day).
export interface ShiftMinutes {
  id: number;
  start: number;
  end: number;
}

// The writers of the rollup (the transactions of drops and completions) share this lock; a rebuild
// takes it alone, so no delta lands between its delete and its insert.
const LOCK = sql`hashtext('machine_day_stats')`;

// The yard day of an instant for the rollup's key, in SQL: the whole day's (the date of the yard's
// wall clock), or the shift's (contracts' shiftDayOf, the same rule: start included, end excluded,
// the part after midnight of a shift that crosses it belongs to the day before; null outside).
function dayOf(instant: SQL, timeZone: string, shift: ShiftMinutes | null): SQL {
  const local = sql`(${instant} at time zone ${timeZone})`;
  if (!shift) return sql`${local}::date`;
  const minute = sql`(extract(hour from ${local})::int * 60 + extract(minute from ${local})::int)`;
  if (shift.end > shift.start)
    return sql`case when ${minute} >= ${shift.start} and ${minute} < ${shift.end} then ${local}::date end`;
  return sql`case when ${minute} >= ${shift.start} then ${local}::date when ${minute} < ${shift.end} then ${local}::date - 1 end`;
}

export const taskDashboardRepository = {
  async lockForWrite(db: Database) {
    await db.execute(sql`select pg_advisory_xact_lock_shared(${LOCK})`);
  },

  async lockForRebuild(db: Database) {
    await db.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
  },

  // Adds the deltas, in key order (two writers wait for each other's rows in one order, never in a
  // cycle).
  async add(db: Database, deltas: StatDelta[]) {
    if (!deltas.length) return;
    const ordered = [...deltas].sort(
      (a, b) =>
        (a.shiftId ?? 0) - (b.shiftId ?? 0) ||
        a.day.localeCompare(b.day) ||
        (a.machine < b.machine ? -1 : a.machine > b.machine ? 1 : 0),
    );
    await db
      .insert(machineDayStats)
      .values(ordered)
      .onConflictDoUpdate({
        target: [machineDayStats.shiftId, machineDayStats.day, machineDayStats.machine],
        set: {
          productiveMoves: sql`${machineDayStats.productiveMoves} + excluded.productive_moves`,
          wasteMoves: sql`${machineDayStats.wasteMoves} + excluded.waste_moves`,
          completedTasks: sql`${machineDayStats.completedTasks} + excluded.completed_tasks`,
        },
      });
  },

  // The rows of the yard days from..to, of the whole day or of one shift, by day and machine.
  range: (db: Database, shiftId: number | null, from: string, to: string): Promise<StatRow[]> =>
    db
      .select({
        day: machineDayStats.day,
        machine: machineDayStats.machine,
        productiveMoves: machineDayStats.productiveMoves,
        wasteMoves: machineDayStats.wasteMoves,
        completedTasks: machineDayStats.completedTasks,
      })
      .from(machineDayStats)
      .where(
        and(
          shiftId === null ? isNull(machineDayStats.shiftId) : eq(machineDayStats.shiftId, shiftId),
          gte(machineDayStats.day, from),
          lte(machineDayStats.day, to),
        ),
      )
      .orderBy(asc(machineDayStats.day), asc(machineDayStats.machine)),

  // The shifts, read in the caller's transaction (a write reads them inside its own).
  shifts: (db: Database) => db.select().from(machineShifts).orderBy(asc(machineShifts.id)),

  builds: (db: Database) => db.select().from(machineDayStatsBuilds),

  // The drops (by id) with their machine's name and time: what a deleted completed task made
  // productive.
  drops: (db: Database, ids: number[]) =>
    ids.length
      ? db
          .select({ id: machineEvents.id, machine: machines.machineName, occurredAt: machineEvents.occurredAt })
          .from(machineEvents)
          .innerJoin(machines, eq(machines.id, machineEvents.machineId))
          .where(and(inArray(machineEvents.id, ids), eq(machineEvents.kind, 'drop')))
      : Promise.resolve([]),

  // Builds one key's rows again from the history (the rule of contracts/src/rules/task-dashboard.ts):
  // every drop, productive when a task names it as the event that completed it, and every completed
  // task, for its completing machine or else its assigned one. Then records what it was built for.
  async rebuild(db: Database, key: string, definition: string, timeZone: string, shift: ShiftMinutes | null) {
    // A rebuild reads the whole history (millions of rows on a busy yard): longer than a request's
    // statement may take.
    await db.execute(sql`set local statement_timeout = 0`);
    await db
      .delete(machineDayStats)
      .where(shift ? eq(machineDayStats.shiftId, shift.id) : isNull(machineDayStats.shiftId));
    await db.execute(sql`
      insert into machine_day_stats (day, shift_id, machine, productive_moves, waste_moves, completed_tasks)
      select day, ${shift?.id ?? null}::int, machine, sum(productive)::int, sum(waste)::int, sum(completed)::int
      from (
        select ${dayOf(sql`e.occurred_at`, timeZone, shift)} as day, m.machine_name as machine,
          (done.id is not null)::int as productive, (done.id is null)::int as waste, 0 as completed
        from machine_events e
        join machines m on m.id = e.machine_id
        left join (select distinct completed_by_event_id as id from tasks where completed_by_event_id is not null) done
          on done.id = e.id
        where e.kind = 'drop'
        union all
        select ${dayOf(sql`t.completed_at`, timeZone, shift)}, coalesce(t.completed_by_machine, t.assigned_to_machine),
          0, 0, 1
        from tasks t
        where t.completed_at is not null
      ) facts
      where day is not null
      group by day, machine`);
    await db
      .insert(machineDayStatsBuilds)
      .values({ key, definition, builtAt: new Date() })
      .onConflictDoUpdate({ target: machineDayStatsBuilds.key, set: { definition, builtAt: new Date() } });
  },

  // Forgets what was built for shifts that are gone (their rows went with them: the foreign key).
  async forgetBuilds(db: Database, keys: string[]) {
    if (keys.length) await db.delete(machineDayStatsBuilds).where(inArray(machineDayStatsBuilds.key, keys));
  },

  // For tests and the bench: how many rows the rollup holds.
  async count(db: Database) {
    const [row] = rowsOf<{ count: number }>(
      await db.execute(sql`select count(*)::int as count from machine_day_stats`),
    );
    return row?.count ?? 0;
  },
};
