import { messages } from '../messages';
import { ACTIVITY_GROUPS } from './gate';
import { isYardDay } from './yard-time';

// The reports screen's 15 report types (spec 2 §9 "Reports", spec 3 §7 Reports, spec 3 §9 "Report
// types"): the id the screen shows, the path segment of its calls, its name, and which of the report
// parameters (spec 2 §3) it takes. Web (filters shown, validation) and server (validation, paging)
// read this one table.

export type ReportKey =
  | 'gateIn'
  | 'gateOut'
  | 'expiredTags'
  | 'inventory'
  | 'containerMovements'
  | 'locationStatistics'
  | 'dwellTime'
  | 'offloadingLocations'
  | 'machineMovementsSummary'
  | 'machineMovementsDetailed'
  | 'machineBreakdown'
  | 'machineWorkingStatus'
  | 'trailers'
  | 'alarms';

export type ReportFilter = 'processId' | 'sizeId' | 'areaId' | 'liner' | 'machineName' | 'trailerType' | 'gateInType';

export interface ReportType {
  key: ReportKey;
  id: string;
  name: string;
  // The path segment under /rest/enterprise/reports (spec 3 §7).
  path: string;
  // 'required': the spec's date range (with its messages); 'optional': a range narrows it when given;
  // 'none': the report has no date parameters (1.3).
  dates: 'required' | 'optional' | 'none';
  filters: readonly ReportFilter[];
  // 3.1 is one machine's days and is not paged (spec 2 §9).
  paged: boolean;
  // The machine filter offers All only for 3.2 and 3.3 (spec 2 §9); the others need one machine.
  machineAll?: boolean;
}

// The machine reports have no date range in the spec's table ("Which filters apply ... not shown");
// a machine's two years of history in one page would mean nothing, so they take the range too.
export const REPORT_TYPES: readonly ReportType[] = [
  { key: 'gateIn', id: '1.1', name: 'Gate in', path: 'gate-in', dates: 'required', filters: [], paged: true },
  { key: 'gateOut', id: '1.2', name: 'Gate out', path: 'gate-out', dates: 'required', filters: [], paged: true },
  {
    key: 'expiredTags',
    id: '1.3',
    name: 'Expired tags',
    path: 'expired-tags',
    dates: 'none',
    filters: [],
    paged: true,
  },
  {
    key: 'inventory',
    id: '2.1',
    name: 'Inventory',
    path: 'inventory',
    dates: 'none',
    filters: ['processId', 'sizeId', 'areaId', 'liner'],
    paged: true,
  },
  {
    key: 'containerMovements',
    id: '2.2',
    name: 'Container movement',
    path: 'container-movements',
    dates: 'required',
    filters: [],
    paged: true,
  },
  {
    key: 'locationStatistics',
    id: '2.3',
    name: 'Location statistics',
    path: 'location-not-updated',
    dates: 'required',
    filters: [],
    paged: true,
  },
  {
    key: 'dwellTime',
    id: '2.4',
    name: 'Offloading dwell time',
    path: 'dwell-time',
    dates: 'required',
    filters: [],
    paged: true,
  },
  {
    key: 'offloadingLocations',
    id: '2.5',
    name: 'Offloading location',
    path: 'offloading-locations',
    dates: 'required',
    filters: [],
    paged: true,
  },
  {
    key: 'machineMovementsSummary',
    id: '3.1',
    name: 'Machine movement summary',
    path: 'machine-movements-summary',
    dates: 'required',
    filters: ['machineName'],
    paged: false,
  },
  {
    key: 'machineMovementsDetailed',
    id: '3.2',
    name: 'Machine movement details',
    path: 'machine-movements-detailed',
    dates: 'required',
    filters: ['machineName'],
    paged: true,
    machineAll: true,
  },
  {
    key: 'machineBreakdown',
    id: '3.3',
    name: 'Machine breakdown summary',
    path: 'machine-breakdown',
    dates: 'required',
    filters: ['machineName'],
    paged: true,
    machineAll: true,
  },
  {
    key: 'machineWorkingStatus',
    id: '3.4',
    name: 'Machine working status',
    path: 'machine-working-status',
    dates: 'required',
    filters: ['machineName'],
    paged: true,
  },
  {
    key: 'trailers',
    id: '4.1',
    name: 'Trailer report',
    path: 'trailers',
    dates: 'optional',
    filters: ['trailerType', 'gateInType'],
    paged: true,
  },
  { key: 'alarms', id: '5', name: 'Alarm report', path: 'alarm', dates: 'required', filters: [], paged: true },
];

export function reportType(key: ReportKey): ReportType {
  return REPORT_TYPES.find((type) => type.key === key)!;
}

// Options default to All with id -1 (spec 2 §9); a text filter's All is the word.
export const REPORT_ALL_ID = -1;
export const REPORT_ALL = 'All';

// True when an option filter is unset or All.
export function isAllOption(value: number | string | null | undefined): boolean {
  return value === undefined || value === null || value === REPORT_ALL_ID || value === '' || value === REPORT_ALL;
}

// The report dates of spec 2 §5: both days present, from not after to. The screen shows the message
// before asking; the server answers the same one.
export function reportDatesProblem(from: string | null | undefined, to: string | null | undefined): string | null {
  if (!from || !isYardDay(from)) return messages.reportChooseFromDate;
  if (!to || !isYardDay(to)) return messages.reportChooseToDate;
  if (from > to) return messages.reportInvalidDateRange;
  return null;
}

// The trailer report's activity type (spec 2 §9): a visit of the container activities (a container
// gate-in's truck) is Loaded, one of the vehicle activities is Empty.
export const TRAILER_ACTIVITY_TYPES = ['Loaded', 'Empty'] as const;
export type TrailerActivityType = (typeof TRAILER_ACTIVITY_TYPES)[number];
export function trailerActivityType(activityGroup: string | null): TrailerActivityType {
  return activityGroup === ACTIVITY_GROUPS.container ? 'Loaded' : 'Empty';
}

// Dwell-time distribution of report 2.4: the aging buckets of spec 1 §9 (3-15, 15-30, 30-60, over
// 60 days) with the first days before them.
export const DWELL_BUCKETS = [
  { label: '0-3 days', fromDays: 0, toDays: 3 },
  { label: '3-15 days', fromDays: 3, toDays: 15 },
  { label: '15-30 days', fromDays: 15, toDays: 30 },
  { label: '30-60 days', fromDays: 30, toDays: 60 },
  { label: 'Over 60 days', fromDays: 60, toDays: null },
] as const;

// A dwell in whole days (a bucket's bounds are whole days: a dwell is in it exactly when its whole
// days are); the database's statements and day counts cut it the same way (floor of the seconds
// over 86,400).
export const dwellDays = (fromMs: number, untilMs: number): number => Math.floor((untilMs - fromMs) / 86_400_000);

// The index of the bucket of DWELL_BUCKETS a dwell of whole days is in (-1: none, a negative dwell).
export const dwellBucketOf = (days: number): number =>
  DWELL_BUCKETS.findIndex((bucket) => days >= bucket.fromDays && (bucket.toDays === null || days < bucket.toDays));
