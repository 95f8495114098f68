import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { chaQueryKeys } from '../utils/chaQueryKeys';

// GET /rest/enterprise/cha/{id}/allocation: the agent's current allocation (null: none yet). Its
// gated-in counts move as trucks gate in: the topic `cha` reloads it (useChaLive).
export function useChaAllocation(agentId: number | null) {
  return useQuery({
    queryKey: chaQueryKeys.allocation(agentId ?? 0),
    queryFn: () => api.cha.allocation({ params: { id: agentId! } }),
    enabled: agentId !== null,
  });
}
