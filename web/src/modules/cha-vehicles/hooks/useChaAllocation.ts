import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { dataRefreshIntervalMs } from '@openyard/contracts';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { chaQueryKeys } from '../utils/chaQueryKeys';

// GET /rest/enterprise/cha/{id}/allocation: the agent's current allocation (null: none yet). Its
// gated-in counts move as trucks gate in: it reloads on the yard's dataRefreshRate.
export function useChaAllocation(agentId: number | null) {
  const refreshRate = useAtomValue(metadataState)?.dataRefreshRate;
  return useQuery({
    queryKey: chaQueryKeys.allocation(agentId ?? 0),
    queryFn: () => api.cha.allocation({ params: { id: agentId! } }),
    enabled: agentId !== null,
    refetchInterval: dataRefreshIntervalMs(refreshRate),
  });
}
