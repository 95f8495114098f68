import {
  dailyAverage,
  dashboardDaysOf,
  dashboardGranularity,
  formatShiftTimes,
  messages,
  shiftDayOf,
  shiftEndMinute,
  shiftPeriodOn,
  shiftStartMinute,
  yardDayOf,
  yardDaysRange,
  type MachineMovements,
  type MachineShift,
  type MachineTasks,
  type TaskDashboardExportQuery,
  type TaskDashboardQuery,
  type TaskDashboardReport,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest } from '../../errors';
import type { Principal } from '../auth';
import type { ExportsService } from '../exports';
import type { NewEvent } from '../outbox';
import {
  taskDashboardRepository as repository,
  type ShiftMinutes,
  type StatDelta,
  type StatRow,
} from './task-dashboard.repository';

// What happened, for the rollup: a machine's pick, its drop (productive or waste) or a completed
// task, at its time; negative counts take one back (a deleted completed task).
export interface DashboardFact {
  machine: string;
  at: Date;
  picks?: number;
  productiveMoves?: number;
  wasteMoves?: number;
  completedTasks?: number;
}

// One machine's figures of one whole yard day, a row of the rollup (its moves are its productive
// and waste drops).
export type MachineDay = StatRow;

// A completed task as the tasks module stores it, for taking it back when it is deleted.
export interface CompletedTaskFacts {
  completedAt: Date | null;
  completedByMachine: string | null;
  assignedToMachine: string;
  completedByEventId: number | null;
}

export interface TaskDashboardDeps {
  exports: ExportsService;
  timeZone: string;
}

type ShiftTimes = Pick<MachineShift, 'id' | 'fromHour' | 'fromMinute' | 'toHour' | 'toMinute'>;

const minutesOf = (shift: ShiftTimes): ShiftMinutes => ({
  id: shift.id,
  start: shiftStartMinute(shift),
  end: shiftEndMinute(shift),
});

const byName = (a: { machine: string }, b: { machine: string }) =>
  a.machine.localeCompare(b.machine, 'en', { numeric: true });

// The task dashboard (spec 3 §2, §3, §7 Dashboard). Its figures come from the rollup
// machine_day_stats (task-dashboard.table.ts), kept in the transactions of the tasks module: a
// pick or a drop stored, a task completed, a completed task deleted (`record`, `forgetCompleted`).
// The enterprise dashboard's machine widget and report 3.1 read the same rows (`machineDays`). That is
// chosen over a worker reading the domain events because the screen refetches when it hears the
// task's event, and the figure must already include it then; and drops that complete nothing (the
// waste) raise no task event a worker could count. Rows of a new or edited shift, or of another
// TIME_ZONE, are rebuilt from the history on the next read (`ensureCurrent`).
export function createTaskDashboardService(db: Database, deps: TaskDashboardDeps) {
  const { timeZone } = deps;
  const definitionOf = (shift: ShiftTimes | null) =>
    shift ? `${timeZone} ${shiftStartMinute(shift)}-${shiftEndMinute(shift)}` : timeZone;
  const keyOf = (shift: ShiftTimes | null) => (shift ? `shift:${shift.id}` : 'day');

  // The deltas of facts: each on its yard day, and on the day of every shift that holds it.
  function deltasOf(facts: DashboardFact[], shifts: ShiftTimes[]): StatDelta[] {
    const deltas = new Map<string, StatDelta>();
    const add = (shiftId: number | null, day: string, fact: DashboardFact) => {
      const key = `${shiftId ?? ''}\u0000${day}\u0000${fact.machine}`;
      const delta = deltas.get(key) ?? {
        day,
        shiftId,
        machine: fact.machine,
        picks: 0,
        productiveMoves: 0,
        wasteMoves: 0,
        completedTasks: 0,
      };
      delta.picks += fact.picks ?? 0;
      delta.productiveMoves += fact.productiveMoves ?? 0;
      delta.wasteMoves += fact.wasteMoves ?? 0;
      delta.completedTasks += fact.completedTasks ?? 0;
      deltas.set(key, delta);
    };
    for (const fact of facts) {
      const at = fact.at.getTime();
      add(null, yardDayOf(at, timeZone), fact);
      for (const shift of shifts) {
        const day = shiftDayOf(shift, at, timeZone);
        if (day) add(shift.id, day, fact);
      }
    }
    return [...deltas.values()].filter(
      (delta) =>
        delta.picks !== 0 || delta.productiveMoves !== 0 || delta.wasteMoves !== 0 || delta.completedTasks !== 0,
    );
  }

  // One rebuild at a time in this process; another process waits on the database's lock.
  let building: Promise<void> | null = null;

  async function rebuildStale(shifts: ShiftTimes[]) {
    const expected = new Map<string, { definition: string; shift: ShiftTimes | null }>([
      [keyOf(null), { definition: definitionOf(null), shift: null }],
      ...shifts.map((shift) => [keyOf(shift), { definition: definitionOf(shift), shift }] as const),
    ]);
    const built = new Map((await repository.builds(db)).map((row) => [row.key, row.definition]));
    const stale = [...expected].filter(([key, { definition }]) => built.get(key) !== definition);
    if (stale.length)
      // In one transaction and one pass over the history; a writer waits for it (lockForWrite).
      await db.transaction(async (tx) => {
        await repository.lockForRebuild(tx);
        const again = new Map((await repository.builds(tx)).map((row) => [row.key, row.definition]));
        await repository.rebuild(
          tx,
          stale
            .filter(([key, { definition }]) => again.get(key) !== definition)
            .map(([key, { definition, shift }]) => ({ key, definition, shift: shift ? minutesOf(shift) : null })),
          timeZone,
        );
      });
    await repository.forgetBuilds(
      db,
      [...built.keys()].filter((key) => !expected.has(key)),
    );
  }

  // Rebuilds the rows whose definition changed (see machineDayStatsBuilds); a read of the builds
  // table when nothing did.
  async function ensureCurrent(shifts?: ShiftTimes[]) {
    while (building) await building;
    const list = shifts ?? (await repository.shifts(db));
    building = rebuildStale(list).finally(() => {
      building = null;
    });
    await building;
  }

  // `byDay` asks for days whatever the period (the export).
  async function report(query: TaskDashboardQuery, byDay = false): Promise<TaskDashboardReport> {
    const period = dashboardDaysOf(query, yardDayOf(Date.now(), timeZone));
    if ('problem' in period) throw badRequest(period.problem, period.field);
    const shifts = await repository.shifts(db);
    const shift = query.shiftId === undefined ? null : shifts.find((candidate) => candidate.id === query.shiftId);
    if (shift === undefined) throw badRequest(messages.shiftNotFound, 'shiftId');
    await ensureCurrent(shifts);
    const granularity = byDay ? 'day' : dashboardGranularity(period.days);
    const rows = await repository.range(db, shift?.id ?? null, period.from, period.to, granularity);

    const movements = new Map<string, MachineMovements>();
    const tasks = new Map<string, MachineTasks>();
    let totalProductive = 0;
    let totalWaste = 0;
    let totalCompletedTasks = 0;
    for (const row of rows) {
      if (row.productiveMoves > 0 || row.wasteMoves > 0) {
        const entry = movements.get(row.machine) ?? { machine: row.machine, movements: [] };
        entry.movements.push({ date: row.day, productiveCount: row.productiveMoves, wasteCount: row.wasteMoves });
        movements.set(row.machine, entry);
        totalProductive += row.productiveMoves;
        totalWaste += row.wasteMoves;
      }
      if (row.completedTasks > 0) {
        const entry = tasks.get(row.machine) ?? { machine: row.machine, tasks: [] };
        entry.tasks.push({ date: row.day, count: row.completedTasks });
        tasks.set(row.machine, entry);
        totalCompletedTasks += row.completedTasks;
      }
    }
    const instants = shift
      ? {
          from: shiftPeriodOn(shift, period.from, timeZone).from,
          to: shiftPeriodOn(shift, period.to, timeZone).to - 1,
        }
      : yardDaysRange(period.from, period.to, timeZone);
    const totalMovements = totalProductive + totalWaste;
    return {
      noOfDays: period.days,
      granularity,
      fromDate: period.from,
      toDate: period.to,
      fromTime: instants.from,
      toTime: instants.to,
      shiftId: shift?.id ?? null,
      shift: shift?.name ?? null,
      shiftPeriod: shift ? formatShiftTimes(shift) : null,
      machineMovements: [...movements.values()].sort(byName),
      totalMovements,
      totalProductive,
      totalWaste,
      totalCompletedTasks,
      machineTasks: [...tasks.values()].sort(byName),
      averageMovements: dailyAverage(totalMovements, period.days),
      averageCompletedTasks: dailyAverage(totalCompletedTasks, period.days),
    };
  }

  // Inside the transaction of the change (the tasks module's): adds the facts to the rollup, and
  // says so (machineDay.counted) to the screens that show them — a waste drop changes no task, so
  // no task event would tell the task dashboard.
  async function record(tx: Database, events: NewEvent[], facts: DashboardFact[]) {
    if (!facts.length) return;
    await repository.lockForWrite(tx);
    await repository.add(tx, deltasOf(facts, await repository.shifts(tx)));
    const times = facts.map((fact) => fact.at.getTime());
    events.push({
      type: 'machineDay.counted',
      data: {
        machines: [...new Set(facts.map((fact) => fact.machine))].sort(),
        from: Math.min(...times),
        to: Math.max(...times),
      },
    });
  }

  return {
    record,

    // Inside the transaction that deletes tasks: a completed task no longer counts, and the drop
    // that completed it becomes a move that completed nothing (the rollup stays what a rebuild of
    // the history would give).
    async forgetCompleted(tx: Database, events: NewEvent[], rows: CompletedTaskFacts[]) {
      const done = rows.filter((row) => row.completedAt !== null);
      if (!done.length) return;
      const drops = await repository.drops(
        tx,
        done.flatMap((row) => (row.completedByEventId === null ? [] : [row.completedByEventId])),
      );
      await record(tx, events, [
        ...done.map((row) => ({
          machine: row.completedByMachine ?? row.assignedToMachine,
          at: row.completedAt!,
          completedTasks: -1,
        })),
        ...drops.map((drop) => ({ machine: drop.machine, at: drop.occurredAt, productiveMoves: -1, wasteMoves: 1 })),
      ]);
    },

    ensureCurrent: () => ensureCurrent(),

    // The rollup's whole yard days from..to (inclusive), by day and machine, of one machine (its
    // name, in any case) or of all: what the enterprise dashboard's machine widget and report 3.1
    // count, so that a machine's moves and tasks are counted once, by this module's rule. Rebuilt
    // first when stale, as for the task dashboard's own reads.
    async machineDays(from: string, to: string, machine: string | null = null): Promise<MachineDay[]> {
      await ensureCurrent();
      return repository.machineDays(db, from, to, machine);
    },

    // Forgets what every key was built for, then builds them all again from the history.
    async rebuild() {
      while (building) await building;
      const shifts = await repository.shifts(db);
      await repository.forgetBuilds(db, [keyOf(null), ...shifts.map((shift) => keyOf(shift))]);
      await ensureCurrent(shifts);
    },

    // GET /rest/dashboard/machines (spec 3 §7).
    machines: (query: TaskDashboardQuery) => report(query),

    // GET /rest/dashboard/exportXls: one row per machine and day, then the totals and the averages
    // per day (spec 3 §9); the file's path to download.
    async exportXls(query: TaskDashboardExportQuery, principal: Principal) {
      const { format, ...rest } = query;
      const figures = await report(rest, true);
      const byDay = new Map<
        string,
        { machine: string; date: string; productive: number; waste: number; tasks: number }
      >();
      const entry = (machine: string, date: string) => {
        const key = `${machine}\u0000${date}`;
        const row = byDay.get(key) ?? { machine, date, productive: 0, waste: 0, tasks: 0 };
        byDay.set(key, row);
        return row;
      };
      for (const machine of figures.machineMovements)
        for (const day of machine.movements) {
          const row = entry(machine.machine, day.date);
          row.productive = day.productiveCount;
          row.waste = day.wasteCount;
        }
      for (const machine of figures.machineTasks)
        for (const day of machine.tasks) entry(machine.machine, day.date).tasks = day.count;
      const rows = [...byDay.values()].sort((a, b) => byName(a, b) || a.date.localeCompare(b.date));
      const period =
        figures.fromDate === figures.toDate ? figures.fromDate : `${figures.fromDate} to ${figures.toDate}`;
      const scope = figures.shift ? `${period}, ${figures.shift} ${figures.shiftPeriod}` : period;
      const filePath = await deps.exports.writeWorkbook(principal.userId, 'task-dashboard', {
        sheet: 'Task dashboard',
        format,
        columns: [
          { header: 'Machine', key: 'machine', width: 18 },
          { header: 'Date', key: 'date', width: 34 },
          { header: 'Productive moves', key: 'productive', width: 17 },
          { header: 'Waste moves', key: 'waste', width: 13 },
          { header: 'Movements', key: 'movements', width: 11 },
          { header: 'Completed tasks', key: 'tasks', width: 16 },
        ],
        rows: [
          ...rows.map((row) => ({ ...row, movements: row.productive + row.waste })),
          {
            machine: 'Total',
            date: scope,
            productive: figures.totalProductive,
            waste: figures.totalWaste,
            movements: figures.totalMovements,
            tasks: figures.totalCompletedTasks,
          },
          {
            machine: 'Average per day',
            date: `${figures.noOfDays} ${figures.noOfDays === 1 ? 'day' : 'days'}`,
            productive: dailyAverage(figures.totalProductive, figures.noOfDays),
            waste: dailyAverage(figures.totalWaste, figures.noOfDays),
            movements: figures.averageMovements,
            tasks: figures.averageCompletedTasks,
          },
        ],
      });
      return { filePath };
    },
  };
}

export type TaskDashboardService = ReturnType<typeof createTaskDashboardService>;
