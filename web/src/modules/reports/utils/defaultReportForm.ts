import { REPORT_ALL, REPORT_ALL_ID, shiftYardDay, yardDayOf, type ReportKey } from '@openyard/contracts';
import type { ReportForm } from './ReportForm';

// The days of a new form: the last seven yard days, today included.
export const DEFAULT_REPORT_DAYS = 7;

// A new form: the first report, the last week of the yard's days, every option All (spec 2 §9).
export function defaultReportForm(now: number, timeZone?: string, key: ReportKey = 'gateIn'): ReportForm {
  const to = yardDayOf(now, timeZone);
  return {
    key,
    from: shiftYardDay(to, { days: 1 - DEFAULT_REPORT_DAYS }),
    to,
    processId: REPORT_ALL_ID,
    sizeId: REPORT_ALL_ID,
    areaId: REPORT_ALL_ID,
    liner: REPORT_ALL_ID,
    machineName: REPORT_ALL,
    trailerType: REPORT_ALL,
    gateInType: REPORT_ALL,
    loadedOnly: false,
  };
}
