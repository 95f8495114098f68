import { useQuery } from '@tanstack/react-query';
import type { ReportAnswers, ReportKey, ReportQuery } from '@openyard/contracts';
import { api } from '../../../api/http';
import type { ReportRoute } from '../utils/reportRouteOf';
import { reportsQueryKeys } from '../utils/reportsQueryKeys';

export type ReportAnswer = ReportAnswers[ReportKey];
type ReportCall = (input: { query: ReportQuery }) => Promise<ReportAnswer>;

// GET /rest/enterprise/reports/<path>: one page of the chosen report (3.1: all its days), asked
// while the form has no problem. The previous page of the same report stays on screen while the
// next one loads; another report's rows never show under this one's columns.
export function useReport(route: ReportRoute, query: ReportQuery, enabled: boolean) {
  return useQuery({
    queryKey: reportsQueryKeys.report(route, query),
    queryFn: () => (api.reports[route] as ReportCall)({ query }),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === route ? previous : undefined),
    enabled,
  });
}
