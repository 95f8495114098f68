import { useMutation } from '@tanstack/react-query';
import type { ExportResponse, ReportExportQuery, ReportQuery } from '@openyard/contracts';
import { api } from '../../../api/http';
import { reportExportQueryOf } from '../utils/reportQueryOf';
import { reportExportRouteOf, type ReportRoute } from '../utils/reportRouteOf';

type ExportCall = (input: { query: ReportExportQuery }, options: { action: true }) => Promise<ExportResponse>;

// GET /rest/enterprise/reports/<path>/export: the server writes the rows the export dialog chose
// (current page, all, a range) with the report's parameters, and answers the file's path. The
// enterprise version's call (spec 3 §1): a refusal opens the locked-feature modal.
export function useExportReport(route: ReportRoute, query: ReportQuery) {
  return useMutation({
    mutationFn: (range: { startIndex: number; pageSize: number }) =>
      (api.reports[reportExportRouteOf(route)] as ExportCall)(
        { query: reportExportQueryOf(query, range) },
        { action: true },
      ),
  });
}
