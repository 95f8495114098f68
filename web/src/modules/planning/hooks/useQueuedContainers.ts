import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { DATA_REFRESH_ABOVE_SECONDS, dataRefreshIntervalMs, type QueuedQuery } from '@openyard/contracts';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { planningQueryKeys } from '../utils/planningQueryKeys';

// GET /rest/planning/queued: the containers the depot expects and has not placed, found by the
// selector's field and text. Spec 2 §9: reloaded on the yard's dataRefreshRate only in the
// enterprise version and when that is above 50 seconds.
export function useQueuedContainers(query: QueuedQuery, enterprise: boolean) {
  const refreshRate = useAtomValue(metadataState)?.dataRefreshRate;
  return useQuery({
    queryKey: planningQueryKeys.queued(query),
    queryFn: () => api.planning.queued({ query }),
    placeholderData: keepPreviousData,
    refetchInterval: enterprise ? dataRefreshIntervalMs(refreshRate, DATA_REFRESH_ABOVE_SECONDS.planning) : false,
  });
}
