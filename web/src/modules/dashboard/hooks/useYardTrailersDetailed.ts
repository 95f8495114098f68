import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '@openyard/contracts';
import { api } from '../../../api/http';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';

// GET /rest/enterprise-dashboard/yard-trailers-detailed: the trailers inside, longest first.
export function useYardTrailersDetailed() {
  return useQuery({
    queryKey: dashboardQueryKeys.yardTrailersDetailed,
    queryFn: () => api.enterpriseDashboard.yardTrailersDetailed({ query: { limit: PAGE_SIZES.dashboardTrailers } }),
  });
}
