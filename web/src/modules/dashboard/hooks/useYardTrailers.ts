import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';

// GET /rest/enterprise-dashboard/yard-trailers: trailers inside by type, with turn-around violations.
export function useYardTrailers() {
  return useQuery({ queryKey: dashboardQueryKeys.yardTrailers, queryFn: () => api.enterpriseDashboard.yardTrailers() });
}
