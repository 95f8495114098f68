import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';

// GET /rest/enterprise-dashboard/age-wise-containers: containers by aging bucket.
export function useAgeWiseContainers() {
  return useQuery({ queryKey: dashboardQueryKeys.ageWise, queryFn: () => api.enterpriseDashboard.ageWiseContainers() });
}
