import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';

// GET /rest/enterprise-dashboard/empty-slots: capacity, taken and free slots per area.
export function useEmptySlots() {
  return useQuery({ queryKey: dashboardQueryKeys.emptySlots, queryFn: () => api.enterpriseDashboard.emptySlots() });
}
