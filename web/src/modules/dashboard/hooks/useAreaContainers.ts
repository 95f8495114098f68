import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';

// GET /rest/enterprise-dashboard/area-containers: containers and TEUs per area.
export function useAreaContainers() {
  return useQuery({
    queryKey: dashboardQueryKeys.areaContainers,
    queryFn: () => api.enterpriseDashboard.areaContainers(),
  });
}
