import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { chaQueryKeys } from '../utils/chaQueryKeys';

// GET /rest/enterprise/cha/search?query=: the agent list, by name (spec 1 §2 agent search).
export function useChaAgents(query: string) {
  return useQuery({
    queryKey: chaQueryKeys.agents(query),
    queryFn: () => api.cha.search({ query: query ? { query } : {} }),
    placeholderData: keepPreviousData,
  });
}
