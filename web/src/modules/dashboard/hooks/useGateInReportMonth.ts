import { useQuery } from '@tanstack/react-query';
import type { YardMonth } from '@openyard/contracts';
import { api } from '../../../api/http';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';

// GET /rest/enterprise-dashboard/gate-in-report/{YYYY-MM}: the month's days (the drill-down);
// nothing is asked while no month is open.
export function useGateInReportMonth(month: YardMonth | null) {
  return useQuery({
    queryKey: dashboardQueryKeys.gateInReportMonth(month ?? ''),
    queryFn: () => api.enterpriseDashboard.gateInReportMonth({ params: { id: month! } }),
    enabled: month !== null,
  });
}
