import { Type, type Static } from 'typebox';
import { OneBasedPageQuery } from './common';
import { AGING_BUCKET_KEYS, DASHBOARD_CHART_TYPES, DASHBOARD_GRID, DASHBOARD_WIDGET_IDS } from './rules/dashboard';

// The dashboard's figures (spec 1 §2 Dashboard, §7 Dashboard reports, spec 3 §7 Enterprise
// dashboard). The spec does not show the series' shapes; these are Openyard's. Every answer says
// when its figures were read (`asOf`, ms): a widget shows it, and it is never older than the live
// message that made the widget ask.

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const YardDaySchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const YardMonthSchema = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });

export const DashboardWidgetIdSchema = Type.Enum(DASHBOARD_WIDGET_IDS);
export const DashboardChartTypeSchema = Type.Enum(DASHBOARD_CHART_TYPES);

// Block-wise inventory (area-containers): containers standing in each area now, and their TEUs
// (a box longer than 20 ft counts two).
export const AreaContainers = Type.Object({
  asOf: Type.Integer(),
  entities: Type.Array(Type.Object({ area: Type.String(), containers: Type.Integer(), teus: Type.Integer() })),
});
export type AreaContainers = Static<typeof AreaContainers>;

// Block-wise empty slots (empty-slots): each area's ground slots times its height, those taken and
// those free (a 40 ft box takes two).
export const EmptySlots = Type.Object({
  asOf: Type.Integer(),
  entities: Type.Array(
    Type.Object({ area: Type.String(), capacity: Type.Integer(), occupied: Type.Integer(), empty: Type.Integer() }),
  ),
});
export type EmptySlots = Static<typeof EmptySlots>;

// Customer-wise inventory (process-containers): containers in the yard by customer (the default),
// by liner (the owner code's shipping line) or by process. Those without one are under "None".
export const INVENTORY_GROUPINGS = ['customer', 'liner', 'process'] as const;
export type InventoryGrouping = (typeof INVENTORY_GROUPINGS)[number];
export const ProcessContainersQuery = Type.Object({ groupBy: Type.Optional(Type.Enum(INVENTORY_GROUPINGS)) });
export type ProcessContainersQuery = Static<typeof ProcessContainersQuery>;
export const ProcessContainers = Type.Object({
  asOf: Type.Integer(),
  groupBy: Type.Enum(INVENTORY_GROUPINGS),
  entities: Type.Array(Type.Object({ name: Type.String(), containers: Type.Integer() })),
});
export type ProcessContainers = Static<typeof ProcessContainers>;

// Container aging (age-wise-containers): containers in the yard by days since gate-in, in the
// buckets of spec 1 §9 (AGING_BUCKETS), and those younger than the first bucket.
export const AgeWiseContainers = Type.Object({
  asOf: Type.Integer(),
  entities: Type.Array(Type.Object({ bucket: Type.Enum(AGING_BUCKET_KEYS), containers: Type.Integer() })),
  younger: Type.Integer(),
});
export type AgeWiseContainers = Static<typeof AgeWiseContainers>;

// Monthly gate-in and gate-out (gate-in-report): the last DASHBOARD_MONTHS yard months, oldest
// first; gate-in-report/{YYYY-MM} drills into that month's days. A gate-in is a container's arrival
// (gate or import), a gate-out its dispatch; a voided container counts in neither.
export const GateMonth = Type.Object({ id: YardMonthSchema, gateIn: Type.Integer(), gateOut: Type.Integer() });
export type GateMonth = Static<typeof GateMonth>;
export const DashboardGateMonths = Type.Object({ asOf: Type.Integer(), months: Type.Array(GateMonth) });
export type DashboardGateMonths = Static<typeof DashboardGateMonths>;
export const GateInReportMonthParams = Type.Object({ id: YardMonthSchema });
export const GateDay = Type.Object({ day: YardDaySchema, gateIn: Type.Integer(), gateOut: Type.Integer() });
export type GateDay = Static<typeof GateDay>;
export const GateInReportMonth = Type.Object({ asOf: Type.Integer(), id: YardMonthSchema, days: Type.Array(GateDay) });
export type GateInReportMonth = Static<typeof GateInReportMonth>;

// Monthly container movements: moves from one slot of the yard to another (gate-ins and
// dispatches are the gate report's), by machines and by hand, the last DASHBOARD_MONTHS months.
export const MovementMonth = Type.Object({
  id: YardMonthSchema,
  byMachine: Type.Integer(),
  byHand: Type.Integer(),
  total: Type.Integer(),
});
export type MovementMonth = Static<typeof MovementMonth>;
export const MonthlyMovements = Type.Object({ asOf: Type.Integer(), months: Type.Array(MovementMonth) });
export type MonthlyMovements = Static<typeof MonthlyMovements>;

// Machine movements and tasks: per machine, its moves (its drops, productive and waste, a refused
// drop included) and the tasks completed by it (its terminal or its drops, else the machine the task
// was assigned to) over the last `days` yard days including today, and its open tasks now. The same
// figures as the task dashboard's (contracts/src/rules/task-dashboard.ts, one rollup).
export const MachineTasksQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 31, default: 1 })),
});
export type MachineTasksQuery = Static<typeof MachineTasksQuery>;
export const DashboardMachineTasks = Type.Object({
  asOf: Type.Integer(),
  from: YardDaySchema,
  to: YardDaySchema,
  entities: Type.Array(
    Type.Object({
      machine: Type.String(),
      moves: Type.Integer(),
      completedTasks: Type.Integer(),
      openTasks: Type.Integer(),
    }),
  ),
});
export type DashboardMachineTasks = Static<typeof DashboardMachineTasks>;

// Trailers inside the yard (spec 1 §3 Trailers in yard): the summary by trailer type (Drop, Pickup),
// trailer gate-in type (the visit's purpose) and gate-in type (container or vehicle gate-in), with
// how many of them have overstayed the turn-around limit; and the detailed list, longest inside first.
export const YardTrailerGroup = Type.Object({
  trailerType: Nullable(Type.String()),
  trailerGateInType: Type.String(),
  gateInType: Nullable(Type.String()),
  count: Type.Integer(),
  tatViolated: Type.Integer(),
});
export type YardTrailerGroup = Static<typeof YardTrailerGroup>;
export const YardTrailers = Type.Object({
  asOf: Type.Integer(),
  tatLimitMinutes: Type.Integer(),
  entities: Type.Array(YardTrailerGroup),
});
export type YardTrailers = Static<typeof YardTrailers>;

export const YardTrailer = Type.Object({
  id: Type.Integer(),
  trailerNumber: Type.String(),
  trailerType: Nullable(Type.String()),
  trailerGateInType: Type.String(),
  gateInType: Nullable(Type.String()),
  trailerInTime: Type.Integer(),
  containerNumbers: Type.Array(Type.String()),
  tatViolated: Type.Boolean(),
});
export type YardTrailer = Static<typeof YardTrailer>;
export const YardTrailersDetailedQuery = OneBasedPageQuery;
export const YardTrailersDetailed = Type.Object({
  asOf: Type.Integer(),
  tatLimitMinutes: Type.Integer(),
  entities: Type.Array(YardTrailer),
  totalCount: Type.Integer(),
});
export type YardTrailersDetailed = Static<typeof YardTrailersDetailed>;

// The dashboard as a user arranged it (kept per user on the server): where each widget is, its size
// and its chart type. Checked by dashboardLayoutProblem (contracts/src/rules/dashboard.ts).
export const DashboardLayoutItemSchema = Type.Object(
  {
    widget: DashboardWidgetIdSchema,
    x: Type.Integer({ minimum: 0, maximum: DASHBOARD_GRID.columns - 1 }),
    y: Type.Integer({ minimum: 0, maximum: DASHBOARD_GRID.maxRows - 1 }),
    w: Type.Integer({ minimum: 1, maximum: DASHBOARD_GRID.columns }),
    h: Type.Integer({ minimum: 1, maximum: DASHBOARD_GRID.maxRows }),
    chartType: Type.Optional(DashboardChartTypeSchema),
  },
  { additionalProperties: false },
);
export const DashboardLayout = Type.Object(
  { items: Type.Array(DashboardLayoutItemSchema, { maxItems: DASHBOARD_WIDGET_IDS.length }) },
  { additionalProperties: false },
);
export type DashboardLayout = Static<typeof DashboardLayout>;
// The saved layout, or null when the user has saved none (the default layout then).
export const SavedDashboardLayout = Type.Object({ layout: Nullable(DashboardLayout) });
export type SavedDashboardLayout = Static<typeof SavedDashboardLayout>;
