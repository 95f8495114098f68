import { useQuery } from '@tanstack/react-query';
import type { InventoryGrouping } from '@openyard/contracts';
import { api } from '../../../api/http';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';

// GET /rest/enterprise-dashboard/process-containers: containers in the yard by customer, liner or process.
export function useProcessContainers(groupBy: InventoryGrouping) {
  return useQuery({
    queryKey: dashboardQueryKeys.processContainers(groupBy),
    queryFn: () => api.enterpriseDashboard.processContainers({ query: { groupBy } }),
  });
}
