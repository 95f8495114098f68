import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
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
  picks: number;
  productiveMoves: number;
  wasteMoves: number;
  completedTasks: number;
}

export type StatRow = Pick<
  StatDelta,
  'day' | 'machine' | 'picks' | 'productiveMoves' | 'wasteMoves' | 'completedTasks'
>;

// The times of a shift as the rebuild needs them (minutes of the yard's day).
export interface ShiftMinutes {
  id: number;
  start: number;
  end: number;
}

// The writers of the rollup (the transactions of drops and completions) share this lock; a rebuild
// takes it alone, so no delta lands between its delete and its insert.
const LOCK = sql`hashtext('machine_day_stats')`;
const REBUILD_WAIT = '300s';

// What a rebuild builds: a key of machineDayStatsBuilds, its definition, and its shift (null: the
// whole day).
export interface RebuildKey {
  key: string;
  definition: string;
  shift: ShiftMinutes | null;
}

export const taskDashboardRepository = {
  // A writer waits for a running rebuild (seconds on years of history, an upgrade's or a shift
  // edit's once) longer than DATABASE_LOCK_TIMEOUT_MS lets a statement wait, rather than failing the
  // drop or the completion it belongs to; the transaction's own setting is put back after.
  async lockForWrite(db: Database) {
    await db.execute(sql`
      select set_config('lock_timeout', previous, true)
      from (select current_setting('lock_timeout') as previous, set_config('lock_timeout', ${REBUILD_WAIT}, true),
        pg_advisory_xact_lock_shared(${LOCK})) waited`);
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
          picks: sql`${machineDayStats.picks} + excluded.picks`,
          productiveMoves: sql`${machineDayStats.productiveMoves} + excluded.productive_moves`,
          wasteMoves: sql`${machineDayStats.wasteMoves} + excluded.waste_moves`,
          completedTasks: sql`${machineDayStats.completedTasks} + excluded.completed_tasks`,
        },
      });
  },

  // The rows of the yard days from..to, of the whole day or of one shift, by day (or by month: its
  // first day in the period) and machine.
  async range(
    db: Database,
    shiftId: number | null,
    from: string,
    to: string,
    granularity: 'day' | 'month',
  ): Promise<StatRow[]> {
    const scope = and(
      shiftId === null ? isNull(machineDayStats.shiftId) : eq(machineDayStats.shiftId, shiftId),
      gte(machineDayStats.day, from),
      lte(machineDayStats.day, to),
    );
    if (granularity === 'day')
      return db
        .select({
          day: machineDayStats.day,
          machine: machineDayStats.machine,
          picks: machineDayStats.picks,
          productiveMoves: machineDayStats.productiveMoves,
          wasteMoves: machineDayStats.wasteMoves,
          completedTasks: machineDayStats.completedTasks,
        })
        .from(machineDayStats)
        .where(scope)
        .orderBy(asc(machineDayStats.day), asc(machineDayStats.machine));
    const month = sql<string>`to_char(greatest(date_trunc('month', ${machineDayStats.day})::date, ${from}::date), 'YYYY-MM-DD')`;
    return (
      db
        .select({
          day: month,
          machine: machineDayStats.machine,
          picks: sql<number>`sum(${machineDayStats.picks})::int`,
          productiveMoves: sql<number>`sum(${machineDayStats.productiveMoves})::int`,
          wasteMoves: sql<number>`sum(${machineDayStats.wasteMoves})::int`,
          completedTasks: sql<number>`sum(${machineDayStats.completedTasks})::int`,
        })
        .from(machineDayStats)
        .where(scope)
        // By position: the month's expression carries a parameter, which would be a second one here.
        .groupBy(sql`1`, sql`2`)
        .orderBy(sql`1`, sql`2`)
    );
  },

  // The whole days' rows of the yard days from..to, by day and machine; of one machine (its name in
  // any case: a task names its machine as it was typed) or of every one.
  machineDays: (db: Database, from: string, to: string, machine: string | null): Promise<StatRow[]> =>
    db
      .select({
        day: machineDayStats.day,
        machine: machineDayStats.machine,
        picks: machineDayStats.picks,
        productiveMoves: machineDayStats.productiveMoves,
        wasteMoves: machineDayStats.wasteMoves,
        completedTasks: machineDayStats.completedTasks,
      })
      .from(machineDayStats)
      .where(
        and(
          isNull(machineDayStats.shiftId),
          gte(machineDayStats.day, from),
          lte(machineDayStats.day, to),
          machine === null ? undefined : sql`lower(${machineDayStats.machine}) = lower(${machine})`,
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

  // Builds these keys' rows again from the history (the rule of contracts/src/rules/task-dashboard.ts),
  // in one pass over it: every pick, every drop, productive when a task names it as the event that
  // completed it, and every completed task, for its completing machine or else its assigned one, each on the
  // yard day of its wall-clock time, and for a shift on the day the shift started (contracts'
  // shiftDayOf, the same rule: start included, end excluded, the part after midnight of a shift
  // that crosses it on the day before). Then records what each key was built for.
  async rebuild(db: Database, keys: RebuildKey[], timeZone: string) {
    if (!keys.length) return;
    // A rebuild reads the whole history (millions of rows on a busy yard): longer than a request's
    // statement may take.
    await db.execute(sql`set local statement_timeout = 0`);
    const shiftIds = keys.flatMap((key) => (key.shift ? [key.shift.id] : []));
    const whole = keys.some((key) => key.shift === null);
    await db
      .delete(machineDayStats)
      .where(
        or(
          whole ? isNull(machineDayStats.shiftId) : undefined,
          shiftIds.length ? inArray(machineDayStats.shiftId, shiftIds) : undefined,
        ),
      );
    const values = sql.join(
      keys.map((key) =>
        key.shift
          ? sql`(${key.shift.id}::int, ${key.shift.start}::int, ${key.shift.end}::int)`
          : sql`(null::int, null::int, null::int)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      with keys (shift_id, start_minute, end_minute) as (values ${values}),
      facts as (
        select local, extract(hour from local)::int * 60 + extract(minute from local)::int as minute,
          machine, picks, productive, waste, completed
        from (
          select e.occurred_at at time zone ${timeZone} as local, m.machine_name as machine,
            (e.kind = 'pick')::int as picks, (e.kind = 'drop' and done.id is not null)::int as productive,
            (e.kind = 'drop' and done.id is null)::int as waste, 0 as completed
          from machine_events e
          join machines m on m.id = e.machine_id
          left join (select distinct completed_by_event_id as id from tasks_with_archive where completed_by_event_id is not null) done
            on done.id = e.id
          where e.kind in ('pick', 'drop')
          union all
          select t.completed_at at time zone ${timeZone}, coalesce(t.completed_by_machine, t.assigned_to_machine), 0, 0, 0, 1
          from tasks_with_archive t
          where t.completed_at is not null
        ) raw
      ),
      keyed as (
        select k.shift_id, f.machine, f.picks, f.productive, f.waste, f.completed,
          case
            when k.shift_id is null then f.local::date
            when k.end_minute > k.start_minute then
              case when f.minute >= k.start_minute and f.minute < k.end_minute then f.local::date end
            when f.minute >= k.start_minute then f.local::date
            when f.minute < k.end_minute then f.local::date - 1
          end as day
        from facts f cross join keys k
      )
      insert into machine_day_stats (day, shift_id, machine, picks, productive_moves, waste_moves, completed_tasks)
      select day, shift_id, machine, sum(picks)::int, sum(productive)::int, sum(waste)::int, sum(completed)::int
      from keyed
      where day is not null
      group by shift_id, day, machine`);
    // The planner's figures of the table it just refilled (autovacuum would see to it later).
    await db.execute(sql`analyze machine_day_stats`);
    const builtAt = new Date();
    await db
      .insert(machineDayStatsBuilds)
      .values(keys.map(({ key, definition }) => ({ key, definition, builtAt })))
      .onConflictDoUpdate({
        target: machineDayStatsBuilds.key,
        set: { definition: sql`excluded.definition`, builtAt: sql`excluded.built_at` },
      });
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
