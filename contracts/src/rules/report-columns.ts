import type { ReportKey } from './reports';

// The columns of each report (spec 2 §9), in order: what the reports screen's table shows and what
// its export writes, from this one list. `format` says how a value reads: a time in the yard's zone,
// a number, yes/no, a list joined by commas, or text.
export type ReportColumnFormat = 'text' | 'time' | 'number' | 'boolean' | 'list';
export interface ReportColumn {
  key: string;
  header: string;
  format: ReportColumnFormat;
  width: number;
}

const c = (key: string, header: string, format: ReportColumnFormat = 'text', width = 16): ReportColumn => ({
  key,
  header,
  format,
  width,
});
const time = (key: string, header: string) => c(key, header, 'time', 18);
const number = (key: string, header: string) => c(key, header, 'number', 12);

const containerColumns = [
  c('containerNumber', 'Container'),
  c('size', 'Size', 'text', 8),
  c('containerType', 'Type', 'text', 10),
  c('process', 'Process', 'text', 14),
  c('customer', 'Customer', 'text', 20),
  c('liner', 'Liner', 'text', 18),
];

export const REPORT_COLUMNS: Record<ReportKey, readonly ReportColumn[]> = {
  gateIn: [
    time('gateInAt', 'Gate-in time'),
    ...containerColumns,
    c('tagId', 'Tag', 'text', 12),
    c('igm', 'IGM', 'text', 12),
    c('item', 'Item', 'text', 8),
    c('trailerNumber', 'Trailer'),
    c('location', 'Location', 'text', 18),
    time('dispatchedAt', 'Dispatched'),
  ],
  gateOut: [
    time('dispatchedAt', 'Gate-out time'),
    ...containerColumns,
    c('tagId', 'Tag', 'text', 12),
    time('gateInAt', 'Gate-in time'),
    number('dwellHours', 'Hours in yard'),
  ],
  expiredTags: [
    c('tagId', 'Tag', 'text', 12),
    time('firstUsedAt', 'First used'),
    time('lastBoundAt', 'Last bound'),
    number('bindCount', 'Times bound'),
    time('expiredAt', 'Expired'),
    c('containerNumber', 'Container in yard'),
    c('location', 'Location', 'text', 18),
  ],
  inventory: [
    ...containerColumns,
    c('area', 'Area', 'text', 10),
    c('location', 'Location', 'text', 18),
    c('tagId', 'Tag', 'text', 12),
    c('igm', 'IGM', 'text', 12),
    c('item', 'Item', 'text', 8),
    c('hazardous', 'Hazardous', 'boolean', 10),
    time('gateInAt', 'Gate-in time'),
    number('dwellDays', 'Days in yard'),
  ],
  containerMovements: [
    time('movedAt', 'Time'),
    c('containerNumber', 'Container'),
    c('fromLocation', 'From', 'text', 18),
    c('toLocation', 'To', 'text', 18),
    c('source', 'How', 'text', 10),
    c('movedBy', 'By'),
    c('device', 'Machine'),
  ],
  locationStatistics: [
    c('area', 'Area', 'text', 22),
    number('moves', 'Placements'),
    number('machineMoves', 'By machine'),
    number('manualMoves', 'By hand'),
    number('gateMoves', 'At the gate'),
    // Each container once a yard day (a box placed in the area on two days of the range counts twice).
    number('containers', 'Containers placed'),
    number('notUpdated', 'Location not updated'),
  ],
  dwellTime: [
    c('containerNumber', 'Container'),
    c('size', 'Size', 'text', 8),
    c('process', 'Process', 'text', 14),
    c('liner', 'Liner', 'text', 18),
    time('gateInAt', 'Offloaded'),
    time('dispatchedAt', 'Left'),
    c('inYard', 'In yard', 'boolean', 8),
    number('dwellHours', 'Hours'),
    number('dwellDays', 'Days'),
  ],
  offloadingLocations: [
    c('containerNumber', 'Container'),
    c('size', 'Size', 'text', 8),
    c('process', 'Process', 'text', 14),
    c('liner', 'Liner', 'text', 18),
    c('trailerNumber', 'Trailer'),
    time('gateInAt', 'Gate-in time'),
    c('location', 'Offloaded to', 'text', 18),
    time('offloadedAt', 'Offloaded'),
    c('offloadedBy', 'By'),
    c('source', 'How', 'text', 10),
    number('minutesToOffload', 'Minutes after gate-in'),
  ],
  machineMovementsSummary: [
    c('day', 'Day', 'text', 12),
    number('picks', 'Picks'),
    number('drops', 'Drops'),
    number('tasksCompleted', 'Tasks completed'),
    number('productiveMoves', 'Productive'),
    number('wasteMoves', 'Waste'),
  ],
  machineMovementsDetailed: [
    time('occurredAt', 'Time'),
    c('machineName', 'Machine'),
    c('kind', 'Move', 'text', 8),
    c('containerNumber', 'Container'),
    c('tagId', 'Tag', 'text', 12),
    number('height', 'Height'),
    number('latitude', 'Latitude'),
    number('longitude', 'Longitude'),
    number('taskId', 'Task'),
    c('taskType', 'Task type', 'text', 18),
  ],
  machineBreakdown: [
    c('machineName', 'Machine'),
    c('machineType', 'Type', 'text', 18),
    number('breakdowns', 'Breakdowns'),
    number('breakdownMinutes', 'Minutes down'),
    number('longestMinutes', 'Longest (min)'),
    time('lastBreakdownAt', 'Last breakdown'),
    c('brokenDownNow', 'Down now', 'boolean', 10),
  ],
  machineWorkingStatus: [
    c('machineName', 'Machine'),
    c('status', 'Status', 'text', 14),
    time('from', 'From'),
    time('to', 'To'),
    number('durationMinutes', 'Minutes'),
  ],
  trailers: [
    c('trailerNumber', 'Trailer'),
    c('trailerTagId', 'Tag', 'text', 12),
    c('plaCard', 'PLA card', 'text', 12),
    c('trailerType', 'Trailer type', 'text', 12),
    c('gateInType', 'Gate-in type', 'text', 18),
    c('activityType', 'Activity', 'text', 10),
    c('containerNumbers', 'Containers', 'list', 28),
    time('entryAt', 'Entered'),
    time('outAt', 'Left'),
    number('minutesInYard', 'Minutes in yard'),
    c('enteredBy', 'Entered by'),
    c('dispatchedBy', 'Dispatched by'),
  ],
  alarms: [
    time('raisedAt', 'Raised'),
    time('clearedAt', 'Cleared'),
    c('severity', 'Severity', 'text', 10),
    c('kind', 'Alarm', 'text', 18),
    c('sourceName', 'Source', 'text', 18),
    c('message', 'Message', 'text', 50),
    number('durationMinutes', 'Minutes'),
  ],
};
