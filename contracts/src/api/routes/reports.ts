import type { TSchema } from 'typebox';
import { AlarmsPage, OpenAlarmsQuery } from '../../alarms';
import { ExportResponse } from '../../common';
import {
  AlarmsReport,
  ContainerMovementsReport,
  DwellTimeReport,
  ExpiredTagsReport,
  GateInReport,
  GateOutReport,
  InventoryReport,
  LocationStatisticsReport,
  MachineBreakdownReport,
  MachineMovementsDetailedReport,
  MachineMovementsSummaryReport,
  MachineWorkingStatusReport,
  OffloadingLocationsReport,
  ReportExportQuery,
  ReportQuery,
  TrailersReport,
} from '../../reports';
import { defineRoute } from '../route';

// The reports screen (spec 2 §2, §9; spec 3 §7 Reports): a plain list call per report type, paged by
// startIndex (1-based) and pageSize, and its export, which writes the pages the export dialog chose
// and answers the file's path. Exporting reports needs the enterprise version (spec 3 §1).
const access = { flag: 'reportsVisible' } as const;
// The open alarms serve the reports screen and the control room's displays (issue 18).
const alarmsAccess = { flag: ['reportsVisible', 'dashboardVisible'] } as const;
const tags = ['reports'];

const list = <const P extends string, const S extends TSchema>(path: P, response: S) =>
  defineRoute({ method: 'GET', path: `/rest/enterprise/reports/${path}`, query: ReportQuery, response, access, tags });
const exported = <const P extends string>(path: P) =>
  defineRoute({
    method: 'GET',
    path: `/rest/enterprise/reports/${path}/export`,
    query: ReportExportQuery,
    response: ExportResponse,
    access,
    feature: 'enterpriseVersion',
    tags,
  });

export const reports = {
  gateIn: list('gate-in', GateInReport),
  gateInExport: exported('gate-in'),
  gateOut: list('gate-out', GateOutReport),
  gateOutExport: exported('gate-out'),
  expiredTags: list('expired-tags', ExpiredTagsReport),
  expiredTagsExport: exported('expired-tags'),
  inventory: list('inventory', InventoryReport),
  inventoryExport: exported('inventory'),
  containerMovements: list('container-movements', ContainerMovementsReport),
  containerMovementsExport: exported('container-movements'),
  locationStatistics: list('location-not-updated', LocationStatisticsReport),
  locationStatisticsExport: exported('location-not-updated'),
  dwellTime: list('dwell-time', DwellTimeReport),
  dwellTimeExport: exported('dwell-time'),
  offloadingLocations: list('offloading-locations', OffloadingLocationsReport),
  offloadingLocationsExport: exported('offloading-locations'),
  machineMovementsSummary: list('machine-movements-summary', MachineMovementsSummaryReport),
  machineMovementsSummaryExport: exported('machine-movements-summary'),
  machineMovementsDetailed: list('machine-movements-detailed', MachineMovementsDetailedReport),
  machineMovementsDetailedExport: exported('machine-movements-detailed'),
  machineBreakdown: list('machine-breakdown', MachineBreakdownReport),
  machineBreakdownExport: exported('machine-breakdown'),
  machineWorkingStatus: list('machine-working-status', MachineWorkingStatusReport),
  machineWorkingStatusExport: exported('machine-working-status'),
  trailers: list('trailers', TrailersReport),
  trailersExport: exported('trailers'),
  // The trailer report's Loaded visits only (spec 3 §7 "loaded-trailer").
  loadedTrailers: list('loaded-trailer', TrailersReport),
  loadedTrailersExport: exported('loaded-trailer'),
  alarms: list('alarm', AlarmsReport),
  alarmsExport: exported('alarm'),
  openAlarms: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/alarms/open',
    query: OpenAlarmsQuery,
    response: AlarmsPage,
    access: alarmsAccess,
    tags,
    summary: 'The alarms still open, newest first',
  }),
};
