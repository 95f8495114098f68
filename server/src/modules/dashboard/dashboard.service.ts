import {
  AGING_BUCKETS,
  agingBucketOf,
  DASHBOARD_MONTHS,
  dashboardLayoutProblem,
  offsetFromOneBasedSkip,
  shiftYardDay,
  tatViolated,
  yardDayOf,
  yardMonthDays,
  yardMonthOf,
  yardMonthsEndingAt,
  type AgeWiseContainers,
  type AgingBucketKey,
  type AreaContainers,
  type DashboardLayout,
  type EmptySlots,
  type DashboardGateMonths,
  type GateInReportMonth,
  type InventoryGrouping,
  type DashboardMachineTasks,
  type MonthlyMovements,
  type ProcessContainers,
  type SavedDashboardLayout,
  type YardMonth,
  type YardTrailers,
  type YardTrailersDetailed,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest } from '../../errors';
import type { TaskDashboardService } from '../task-dashboard';
import { dashboardRepository } from './dashboard.repository';

// What a group without a name (no customer, no liner prefix, no process) is shown as.
const NONE = 'None';

export interface DashboardDeps {
  timeZone: string;
  trailerTatLimitMinutes: number;
  // The machines' moves and tasks per yard day: the task dashboard's rollup, the one count of them.
  taskDashboard: Pick<TaskDashboardService, 'machineDays'>;
}

// The dashboard's figures (spec 1 §2 Dashboard, spec 3 §7 Enterprise dashboard). Months and days
// are the yard's (TIME_ZONE): the monthly figures come from the per-day rollup of migration 0021,
// which is cut in that zone (`ready`); the machines' figures from the task dashboard's rollup
// (machine_day_stats, rebuilt in that zone before it is read); the yard as it stands is read from the
// inventory and kept per version of it (a control room of many screens asks for the same figures
// after each event).
export function createDashboardService(db: Database, deps: DashboardDeps) {
  const { timeZone } = deps;

  // The rollup is cut in this server's zone before it is read (once per process: a different
  // TIME_ZONE than the one they were cut in counts the whole history again).
  let prepared: Promise<void> | null = null;
  function ready(): Promise<void> {
    prepared ??= (async () => {
      if ((await dashboardRepository.rollupZone(db)) !== timeZone) await dashboardRepository.cutRollups(db, timeZone);
    })().catch((error: unknown) => {
      prepared = null;
      throw error;
    });
    return prepared;
  }

  // Figures of the yard as it stands, computed once per state (versions and yard day).
  const kept = new Map<string, { key: string; value: Promise<unknown> }>();
  async function perState<T>(name: string, compute: () => Promise<T>, day = ''): Promise<T> {
    const key = `${await dashboardRepository.stateVersion(db)}:${day}`;
    const entry = kept.get(name);
    if (entry && entry.key === key) return entry.value as Promise<T>;
    const value = compute();
    kept.set(name, { key, value });
    value.catch(() => {
      if (kept.get(name)?.value === value) kept.delete(name);
    });
    return value;
  }

  const areas = () => perState('areas', () => dashboardRepository.areas(db));

  // The last DASHBOARD_MONTHS yard months to `now`, oldest first, with their first and last days.
  function lastMonths(now: number) {
    const months = yardMonthsEndingAt(yardMonthOf(now, timeZone), DASHBOARD_MONTHS);
    return { months, from: `${months[0]}-01`, to: yardMonthDays(months.at(-1)!).at(-1)! };
  }

  async function monthRows(now: number) {
    await ready();
    const { months, from, to } = lastMonths(now);
    const rows = new Map((await dashboardRepository.yardMonths(db, from, to)).map((row) => [row.month, row]));
    return months.map((month) => ({
      month,
      ...(rows.get(month) ?? { gateIns: 0, gateOuts: 0, machineMoves: 0, manualMoves: 0 }),
    }));
  }

  function trailerCutoff(now: number) {
    return new Date(now - deps.trailerTatLimitMinutes * 60_000);
  }

  return {
    ready,

    async areaContainers(): Promise<AreaContainers> {
      const asOf = Date.now();
      const rows = await areas();
      return {
        asOf,
        entities: rows.map((row) => ({ area: row.area, containers: row.containers, teus: row.positions })),
      };
    },

    async emptySlots(): Promise<EmptySlots> {
      const asOf = Date.now();
      const rows = await areas();
      return {
        asOf,
        entities: rows.map((row) => ({
          area: row.area,
          capacity: row.capacity,
          occupied: row.positions,
          empty: Math.max(0, row.capacity - row.positions),
        })),
      };
    },

    async processContainers(groupBy: InventoryGrouping = 'customer'): Promise<ProcessContainers> {
      const asOf = Date.now();
      const rows = await perState(`by-${groupBy}`, () => dashboardRepository.inventoryBy(db, groupBy));
      const counts = new Map<string, number>();
      for (const row of rows) counts.set(row.name ?? NONE, (counts.get(row.name ?? NONE) ?? 0) + row.containers);
      const entities = [...counts]
        .map(([name, containers]) => ({ name, containers }))
        .sort((a, b) => b.containers - a.containers || a.name.localeCompare(b.name));
      return { asOf, groupBy, entities };
    },

    async ageWiseContainers(): Promise<AgeWiseContainers> {
      const asOf = Date.now();
      const today = yardDayOf(asOf, timeZone);
      const ages = await perState('ages', () => dashboardRepository.ages(db, today, timeZone), today);
      const counts = new Map<AgingBucketKey, number>(AGING_BUCKETS.map((bucket) => [bucket.key, 0]));
      let younger = 0;
      for (const { days, containers } of ages) {
        const bucket = agingBucketOf(days);
        if (bucket === null) younger += containers;
        else counts.set(bucket, counts.get(bucket)! + containers);
      }
      return { asOf, entities: [...counts].map(([bucket, containers]) => ({ bucket, containers })), younger };
    },

    async gateInReport(): Promise<DashboardGateMonths> {
      const asOf = Date.now();
      const rows = await monthRows(asOf);
      return { asOf, months: rows.map((row) => ({ id: row.month, gateIn: row.gateIns, gateOut: row.gateOuts })) };
    },

    async gateInReportMonth(month: YardMonth): Promise<GateInReportMonth> {
      const asOf = Date.now();
      await ready();
      const days = yardMonthDays(month);
      const rows = new Map(
        (await dashboardRepository.yardDays(db, days[0]!, days.at(-1)!)).map((row) => [row.day, row]),
      );
      return {
        asOf,
        id: month,
        days: days.map((day) => ({ day, gateIn: rows.get(day)?.gateIns ?? 0, gateOut: rows.get(day)?.gateOuts ?? 0 })),
      };
    },

    async monthlyMovements(): Promise<MonthlyMovements> {
      const asOf = Date.now();
      const rows = await monthRows(asOf);
      return {
        asOf,
        months: rows.map((row) => ({
          id: row.month,
          byMachine: row.machineMoves,
          byHand: row.manualMoves,
          total: row.machineMoves + row.manualMoves,
        })),
      };
    },

    // Every machine of the yard (none left out for having done nothing), and any other name that
    // moved or completed something (a machine since renamed, 'ALL'). Its moves are its drops,
    // productive and waste (a drop the yard model refused included), and its completed tasks those
    // of the task dashboard's rule (contracts/src/rules/task-dashboard.ts): the same figures as the
    // task dashboard's and report 3.1's.
    async machineTasks(days = 1): Promise<DashboardMachineTasks> {
      const asOf = Date.now();
      const to = yardDayOf(asOf, timeZone);
      const from = shiftYardDay(to, { days: 1 - days });
      const [done, open, names] = await Promise.all([
        deps.taskDashboard.machineDays(from, to),
        dashboardRepository.openTasksByMachine(db),
        dashboardRepository.machineNames(db),
      ]);
      const byName = new Map<string, { machine: string; moves: number; completedTasks: number; openTasks: number }>();
      const entry = (machine: string) => {
        let found = byName.get(machine.toLowerCase());
        if (!found) {
          found = { machine, moves: 0, completedTasks: 0, openTasks: 0 };
          byName.set(machine.toLowerCase(), found);
        }
        return found;
      };
      for (const { name } of names) entry(name);
      for (const row of done) {
        const found = entry(row.machine);
        found.moves += row.productiveMoves + row.wasteMoves;
        found.completedTasks += row.completedTasks;
      }
      for (const row of open) entry(row.machine).openTasks += row.openTasks;
      const entities = [...byName.values()].sort((a, b) =>
        a.machine.localeCompare(b.machine, undefined, { numeric: true }),
      );
      return { asOf, from, to, entities };
    },

    async yardTrailers(): Promise<YardTrailers> {
      const asOf = Date.now();
      const entities = await dashboardRepository.trailerGroups(db, trailerCutoff(asOf));
      return { asOf, tatLimitMinutes: deps.trailerTatLimitMinutes, entities };
    },

    async yardTrailersDetailed(skip: number | undefined, limit: number): Promise<YardTrailersDetailed> {
      const asOf = Date.now();
      const offset = offsetFromOneBasedSkip(skip);
      const rows = await dashboardRepository.trailersInside(db, offset, limit);
      // A page past the end has no row to carry the count.
      const totalCount = rows[0]
        ? Number(rows[0].totalCount)
        : offset > 0
          ? await dashboardRepository.insideCount(db)
          : 0;
      return {
        asOf,
        tatLimitMinutes: deps.trailerTatLimitMinutes,
        totalCount,
        entities: rows.map((row) => ({
          id: row.id,
          trailerNumber: row.trailerNumber,
          trailerType: row.trailerType,
          trailerGateInType: row.trailerGateInType,
          gateInType: row.gateInType,
          trailerInTime: row.entryAt.getTime(),
          containerNumbers: row.containerNumbers,
          tatViolated: tatViolated(row.entryAt.getTime(), asOf, deps.trailerTatLimitMinutes),
        })),
      };
    },

    async layout(userId: number): Promise<SavedDashboardLayout> {
      return { layout: await dashboardRepository.layout(db, userId) };
    },

    async saveLayout(userId: number, layout: DashboardLayout): Promise<SavedDashboardLayout> {
      const problem = dashboardLayoutProblem(layout.items);
      if (problem) throw badRequest(problem);
      await dashboardRepository.saveLayout(db, userId, layout);
      return { layout };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
