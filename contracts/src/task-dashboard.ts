import { Type, type Static } from 'typebox';
import { ExportFormat, YardDayText } from './common';

// The task dashboard (spec 3 §2 "machine movements and tasks by period or by shift", §3 Dashboard
// report, §7 GET /rest/dashboard/machines and /exportXls, §9 "Dashboard periods: day (default) and
// custom, with optional shift"). What counts as a movement, productive or waste, and whose a
// completed task is, is said once in rules/task-dashboard.ts.

// day: one yard day (`date`, today in the yard when absent); custom: the yard days from..to.
export const TASK_DASHBOARD_PERIODS = ['day', 'custom'] as const;
export type TaskDashboardPeriod = (typeof TASK_DASHBOARD_PERIODS)[number];

const periodFields = {
  period: Type.Optional(Type.Enum(TASK_DASHBOARD_PERIODS, { default: 'day' })),
  date: Type.Optional(YardDayText),
  from: Type.Optional(YardDayText),
  to: Type.Optional(YardDayText),
  // Only what happened inside this machine shift of each day (a shift that crosses midnight counts
  // for the day it starts on).
  shiftId: Type.Optional(Type.Integer({ minimum: 1 })),
};

// GET /rest/dashboard/machines.
export const TaskDashboardQuery = Type.Object(periodFields, { additionalProperties: false });
export type TaskDashboardQuery = Static<typeof TaskDashboardQuery>;

// GET /rest/dashboard/exportXls: the same figures as a spreadsheet; answers the file's path.
export const TaskDashboardExportQuery = Type.Object(
  { ...periodFields, format: Type.Optional(ExportFormat) },
  { additionalProperties: false },
);
export type TaskDashboardExportQuery = Static<typeof TaskDashboardExportQuery>;

// One machine's movements of one yard day, or of one month of the period (granularity; days and
// months without any are left out).
export const MachineMovementDay = Type.Object({
  date: YardDayText,
  productiveCount: Type.Integer({ minimum: 0 }),
  wasteCount: Type.Integer({ minimum: 0 }),
});
export type MachineMovementDay = Static<typeof MachineMovementDay>;

export const MachineMovements = Type.Object({ machine: Type.String(), movements: Type.Array(MachineMovementDay) });
export type MachineMovements = Static<typeof MachineMovements>;

export const MachineTaskDay = Type.Object({ date: YardDayText, count: Type.Integer({ minimum: 0 }) });
export type MachineTaskDay = Static<typeof MachineTaskDay>;

export const MachineTasks = Type.Object({ machine: Type.String(), tasks: Type.Array(MachineTaskDay) });
export type MachineTasks = Static<typeof MachineTasks>;

// The dashboard report (spec 3 §3): the period's days and instants (fromTime and toTime are the
// first and last millisecond, of the shift when one is chosen), the per-machine figures by day
// (machines by name), the totals, and the averages per day (spec 3 §9: total / noOfDays, no decimals).
export const TaskDashboardReport = Type.Object({
  noOfDays: Type.Integer({ minimum: 1 }),
  // 'day' up to TASK_DASHBOARD_DAILY_MAX_DAYS days, 'month' beyond (rules/task-dashboard.ts).
  granularity: Type.Union([Type.Literal('day'), Type.Literal('month')]),
  fromDate: YardDayText,
  toDate: YardDayText,
  fromTime: Type.Number(),
  toTime: Type.Number(),
  shiftId: Type.Union([Type.Integer(), Type.Null()]),
  // The shift's name and its times (06:00–14:00, 22:00–06:00 (+1 day)); null for whole days.
  shift: Type.Union([Type.String(), Type.Null()]),
  shiftPeriod: Type.Union([Type.String(), Type.Null()]),
  machineMovements: Type.Array(MachineMovements),
  totalMovements: Type.Integer({ minimum: 0 }),
  totalProductive: Type.Integer({ minimum: 0 }),
  totalWaste: Type.Integer({ minimum: 0 }),
  totalCompletedTasks: Type.Integer({ minimum: 0 }),
  machineTasks: Type.Array(MachineTasks),
  averageMovements: Type.Integer({ minimum: 0 }),
  averageCompletedTasks: Type.Integer({ minimum: 0 }),
});
export type TaskDashboardReport = Static<typeof TaskDashboardReport>;
