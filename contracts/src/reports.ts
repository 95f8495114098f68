import { Type, type Static, type TSchema } from 'typebox';
import { Alarm } from './alarms';
import { ExportFormat } from './common';
import { PAGE_SIZES } from './rules/paging';
import { TRAILER_ACTIVITY_TYPES } from './rules/reports';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Day = Type.String({ maxLength: 10 });

// The report parameters of spec 2 §3, one shape for every report (spec 2 §9 says which apply; the
// server ignores the others). Dates are yard days (YYYY-MM-DD), cut in the yard's time zone by the
// server (rules/yard-time.ts); options are ids with -1 for All, texts with 'All' (spec 2 §9).
const reportParameters = {
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  processId: Type.Optional(Type.Integer({ minimum: -1 })),
  sizeId: Type.Optional(Type.Integer({ minimum: -1 })),
  areaId: Type.Optional(Type.Integer({ minimum: -1 })),
  // A liner's id (liner infos), -1 for All.
  liner: Type.Optional(Type.Integer({ minimum: -1 })),
  machineName: Type.Optional(Type.String({ maxLength: 100 })),
  trailerType: Type.Optional(Type.String({ maxLength: 40 })),
  gateInType: Type.Optional(Type.String({ maxLength: 60 })),
};
export const ReportQuery = Type.Object(
  {
    ...reportParameters,
    // 1-based (spec 2 §9); 0 is taken as 1.
    startIndex: Type.Optional(Type.Integer({ minimum: 0, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: PAGE_SIZES.reports })),
  },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuery>;
// An export sends the page(s) the export dialog chose (startIndex, pageSize) and the format (spec 3 §7).
export const ReportExportQuery = Type.Object(
  {
    ...reportParameters,
    startIndex: Type.Optional(Type.Integer({ minimum: 0, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    format: Type.Optional(ExportFormat),
  },
  { additionalProperties: false },
);
export type ReportExportQuery = Static<typeof ReportExportQuery>;

const page = <T extends TSchema>(row: T) => Type.Object({ entities: Type.Array(row), totalCount: Type.Integer() });

// The spec does not show the rows (spec 2 §9 "Exact shape of a report result row: not shown"): these
// are what a control room reads. Times are epoch milliseconds, shown in the yard's zone.

// The container's own columns, as every container report starts (master data by name).
const containerColumns = {
  containerId: Type.Integer(),
  containerNumber: Type.String(),
  size: Type.String(),
  containerType: Nullable(Type.String()),
  process: Nullable(Type.String()),
  customer: Nullable(Type.String()),
  liner: Nullable(Type.String()),
};

// 1.1 Gate in: containers gated in within the range, in the order they came.
export const GateInReportRow = Type.Object({
  ...containerColumns,
  tagId: Nullable(Type.String()),
  igm: Nullable(Type.String()),
  item: Nullable(Type.String()),
  trailerNumber: Nullable(Type.String()),
  gateInAt: Type.Integer(),
  // Where it stands now (null: not placed, or left); when it left.
  location: Nullable(Type.String()),
  dispatchedAt: Nullable(Type.Integer()),
});
export type GateInReportRow = Static<typeof GateInReportRow>;

// 1.2 Gate out: containers dispatched within the range, with their time in the yard.
export const GateOutReportRow = Type.Object({
  ...containerColumns,
  tagId: Nullable(Type.String()),
  gateInAt: Type.Integer(),
  dispatchedAt: Type.Integer(),
  dwellHours: Type.Number(),
});
export type GateOutReportRow = Static<typeof GateOutReportRow>;

// 1.3 Expired tags: RFID container tags past their lifetime (spec 1 §4 Tag validity), oldest
// first, with the container in the yard that still carries one.
export const ExpiredTagReportRow = Type.Object({
  tagId: Type.String(),
  firstUsedAt: Type.Integer(),
  lastBoundAt: Type.Integer(),
  bindCount: Type.Integer(),
  expiredAt: Type.Integer(),
  containerNumber: Nullable(Type.String()),
  location: Nullable(Type.String()),
});
export type ExpiredTagReportRow = Static<typeof ExpiredTagReportRow>;

// 2.1 Inventory: containers in the yard now.
export const InventoryReportRow = Type.Object({
  ...containerColumns,
  area: Nullable(Type.String()),
  location: Nullable(Type.String()),
  tagId: Nullable(Type.String()),
  igm: Nullable(Type.String()),
  item: Nullable(Type.String()),
  hazardous: Type.Boolean(),
  gateInAt: Type.Integer(),
  dwellDays: Type.Integer(),
});
export type InventoryReportRow = Static<typeof InventoryReportRow>;

// 2.2 Container movement: every location change within the range (the movement history).
export const ContainerMovementReportRow = Type.Object({
  id: Type.Integer(),
  movedAt: Type.Integer(),
  containerNumber: Type.String(),
  fromLocation: Nullable(Type.String()),
  toLocation: Nullable(Type.String()),
  // manual, gate, machine or import.
  source: Type.String(),
  movedBy: Nullable(Type.String()),
  device: Nullable(Type.String()),
});
export type ContainerMovementReportRow = Static<typeof ContainerMovementReportRow>;

// 2.3 Location statistics (path location-not-updated): per area, the placements into it within the
// range by how the location was updated (by a machine's drop, by a person, at the gate) and the
// containers placed into it (each once a yard day: the figures are sums of day counts); and a last
// row (area null) with the containers gated in within the range whose location was never updated.
export const LocationStatisticsReportRow = Type.Object({
  areaId: Nullable(Type.Integer()),
  area: Nullable(Type.String()),
  moves: Type.Integer(),
  machineMoves: Type.Integer(),
  manualMoves: Type.Integer(),
  gateMoves: Type.Integer(),
  containers: Type.Integer(),
  notUpdated: Type.Integer(),
});
export type LocationStatisticsReportRow = Static<typeof LocationStatisticsReportRow>;

// 2.4 Offloading dwell time: containers offloaded (gated in) within the range and how long they
// stayed (or have stayed so far), with the distribution over all of them for the chart.
export const DwellTimeReportRow = Type.Object({
  containerId: Type.Integer(),
  containerNumber: Type.String(),
  size: Type.String(),
  process: Nullable(Type.String()),
  liner: Nullable(Type.String()),
  gateInAt: Type.Integer(),
  dispatchedAt: Nullable(Type.Integer()),
  inYard: Type.Boolean(),
  dwellHours: Type.Number(),
  dwellDays: Type.Integer(),
});
export type DwellTimeReportRow = Static<typeof DwellTimeReportRow>;
export const DwellBucket = Type.Object({
  label: Type.String(),
  fromDays: Type.Integer(),
  toDays: Nullable(Type.Integer()),
  count: Type.Integer(),
});
export type DwellBucket = Static<typeof DwellBucket>;

// 2.5 Offloading location: where each container gated in within the range was first put, by whom,
// and how long after its gate-in.
export const OffloadingLocationReportRow = Type.Object({
  containerId: Type.Integer(),
  containerNumber: Type.String(),
  size: Type.String(),
  process: Nullable(Type.String()),
  liner: Nullable(Type.String()),
  trailerNumber: Nullable(Type.String()),
  gateInAt: Type.Integer(),
  location: Nullable(Type.String()),
  offloadedAt: Nullable(Type.Integer()),
  offloadedBy: Nullable(Type.String()),
  source: Nullable(Type.String()),
  minutesToOffload: Nullable(Type.Integer()),
});
export type OffloadingLocationReportRow = Static<typeof OffloadingLocationReportRow>;

// 3.1 Machine movement summary: one machine's yard days within the range (not paged). A drop that
// completed a task is productive; the other drops (rehandles, shuffles) are waste.
export const MachineMovementSummaryRow = Type.Object({
  day: Type.String(),
  picks: Type.Integer(),
  drops: Type.Integer(),
  tasksCompleted: Type.Integer(),
  productiveMoves: Type.Integer(),
  wasteMoves: Type.Integer(),
});
export type MachineMovementSummaryRow = Static<typeof MachineMovementSummaryRow>;

// 3.2 Machine movement details: the picks and drops of a machine (or all) within the range.
export const MachineMovementDetailRow = Type.Object({
  id: Type.Integer(),
  occurredAt: Type.Integer(),
  machineName: Type.String(),
  kind: Type.Union([Type.Literal('pick'), Type.Literal('drop')]),
  containerNumber: Nullable(Type.String()),
  tagId: Nullable(Type.String()),
  height: Nullable(Type.Integer()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  // The task the event completed, if any.
  taskId: Nullable(Type.Integer()),
  taskType: Nullable(Type.String()),
});
export type MachineMovementDetailRow = Static<typeof MachineMovementDetailRow>;

// 3.3 Machine breakdown summary: per machine, its Break-Down periods overlapping the range (cut to
// it), from the machines' status history.
export const MachineBreakdownRow = Type.Object({
  machineId: Type.Integer(),
  machineName: Type.String(),
  machineType: Type.String(),
  breakdowns: Type.Integer(),
  breakdownMinutes: Type.Integer(),
  longestMinutes: Type.Integer(),
  lastBreakdownAt: Nullable(Type.Integer()),
  brokenDownNow: Type.Boolean(),
});
export type MachineBreakdownRow = Static<typeof MachineBreakdownRow>;

// 3.4 Machine working status: one machine's statuses within the range, each period cut to it.
export const MachineWorkingStatusRow = Type.Object({
  machineName: Type.String(),
  status: Type.String(),
  from: Type.Integer(),
  // Null: the status still holds.
  to: Nullable(Type.Integer()),
  durationMinutes: Type.Integer(),
});
export type MachineWorkingStatusRow = Static<typeof MachineWorkingStatusRow>;

// 4.1 Trailer report: truck visits, with the activity type of spec 2 §9.
export const TrailerReportRow = Type.Object({
  id: Type.Integer(),
  trailerNumber: Type.String(),
  trailerTagId: Nullable(Type.String()),
  plaCard: Nullable(Type.String()),
  trailerType: Nullable(Type.String()),
  gateInType: Type.String(),
  activityType: Type.Enum(TRAILER_ACTIVITY_TYPES),
  containerNumbers: Type.Array(Type.String()),
  entryAt: Type.Integer(),
  outAt: Nullable(Type.Integer()),
  minutesInYard: Type.Integer(),
  enteredBy: Nullable(Type.String()),
  dispatchedBy: Nullable(Type.String()),
});
export type TrailerReportRow = Static<typeof TrailerReportRow>;

// 5 Alarm report: alarms raised within the range.
export const AlarmReportRow = Type.Object({ ...Alarm.properties, durationMinutes: Nullable(Type.Integer()) });
export type AlarmReportRow = Static<typeof AlarmReportRow>;

export const GateInReport = page(GateInReportRow);
export const GateOutReport = page(GateOutReportRow);
export const ExpiredTagsReport = page(ExpiredTagReportRow);
export const InventoryReport = page(InventoryReportRow);
export const ContainerMovementsReport = page(ContainerMovementReportRow);
export const LocationStatisticsReport = page(LocationStatisticsReportRow);
export const DwellTimeReport = Type.Object({
  entities: Type.Array(DwellTimeReportRow),
  totalCount: Type.Integer(),
  buckets: Type.Array(DwellBucket),
});
export const OffloadingLocationsReport = page(OffloadingLocationReportRow);
export const MachineMovementsSummaryReport = page(MachineMovementSummaryRow);
export const MachineMovementsDetailedReport = page(MachineMovementDetailRow);
export const MachineBreakdownReport = page(MachineBreakdownRow);
export const MachineWorkingStatusReport = page(MachineWorkingStatusRow);
export const TrailersReport = page(TrailerReportRow);
export const AlarmsReport = page(AlarmReportRow);

// The answer of each report, by its key (rules/reports.ts).
export interface ReportAnswers {
  gateIn: Static<typeof GateInReport>;
  gateOut: Static<typeof GateOutReport>;
  expiredTags: Static<typeof ExpiredTagsReport>;
  inventory: Static<typeof InventoryReport>;
  containerMovements: Static<typeof ContainerMovementsReport>;
  locationStatistics: Static<typeof LocationStatisticsReport>;
  dwellTime: Static<typeof DwellTimeReport>;
  offloadingLocations: Static<typeof OffloadingLocationsReport>;
  machineMovementsSummary: Static<typeof MachineMovementsSummaryReport>;
  machineMovementsDetailed: Static<typeof MachineMovementsDetailedReport>;
  machineBreakdown: Static<typeof MachineBreakdownReport>;
  machineWorkingStatus: Static<typeof MachineWorkingStatusReport>;
  trailers: Static<typeof TrailersReport>;
  alarms: Static<typeof AlarmsReport>;
}
