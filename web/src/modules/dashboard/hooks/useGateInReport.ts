import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';

// GET /rest/enterprise-dashboard/gate-in-report: gate-ins and gate-outs of the last twelve yard months.
export function useGateInReport() {
  return useQuery({ queryKey: dashboardQueryKeys.gateInReport, queryFn: () => api.enterpriseDashboard.gateInReport() });
}
