import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';

// GET /rest/enterprise-dashboard/machine-tasks: per machine, moves (drops) and completed tasks of
// the last `days` yard days and open tasks now.
export function useMachineTasks(days: number) {
  return useQuery({
    queryKey: dashboardQueryKeys.machineTasks(days),
    queryFn: () => api.enterpriseDashboard.machineTasks({ query: { days } }),
  });
}
