import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';

// GET /rest/enterprise-dashboard/monthly-movements: moves in the yard of the last twelve yard months.
export function useMonthlyMovements() {
  return useQuery({
    queryKey: dashboardQueryKeys.monthlyMovements,
    queryFn: () => api.enterpriseDashboard.monthlyMovements(),
  });
}
