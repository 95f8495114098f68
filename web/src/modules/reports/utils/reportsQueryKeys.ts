import type { ReportQuery } from '@openyard/contracts';
import type { ReportRoute } from './reportRouteOf';

// One root: Reload asks every report again.
export const reportsQueryKeys = {
  all: ['reports'] as const,
  report: (route: ReportRoute, query: ReportQuery) => ['reports', route, query] as const,
};
