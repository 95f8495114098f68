import type { ReportKey } from '@openyard/contracts';
import type { ReportForm } from './ReportForm';

// The call of the reports group a form asks (contracts/src/api/routes/reports.ts): the report's
// own, or loaded-trailer for the trailer report's Loaded visits (spec 3 §7).
export type ReportRoute = ReportKey | 'loadedTrailers';
export type ReportExportRoute = `${ReportRoute}Export`;

export function reportRouteOf(form: Pick<ReportForm, 'key' | 'loadedOnly'>): ReportRoute {
  return form.key === 'trailers' && form.loadedOnly ? 'loadedTrailers' : form.key;
}

export function reportExportRouteOf(route: ReportRoute): ReportExportRoute {
  return `${route}Export`;
}
