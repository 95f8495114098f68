import { useQuery } from '@tanstack/react-query';
import { STALE_TIMES_MS } from '@openyard/contracts';
import { api } from '../../../api/http';
import { gateQueryKeys } from '../utils/gateQueryKeys';

// The activities of an activity group, for an out-container's activity (with planning on).
export function useActivities(activityGroup: string) {
  return useQuery({
    queryKey: gateQueryKeys.activities(activityGroup),
    queryFn: () => api.masterData.activities({ query: { activityGroup } }),
    staleTime: STALE_TIMES_MS.masterLists,
    enabled: activityGroup !== '',
  });
}
