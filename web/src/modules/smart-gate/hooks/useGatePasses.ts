import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { oneBasedSkip } from '@openyard/contracts';
import { api } from '../../../api/http';
import { smartGateQueryKeys } from '../utils/smartGateQueryKeys';

// GET containers/gate-passes: one page (one-based skip, spec 1 §9) of the passes whose container
// number holds the search text; the used ones too when asked.
export function useGatePasses(page: number, pageSize: number, searchText: string, includeUsed: boolean) {
  const query = { skip: oneBasedSkip(page, pageSize), limit: pageSize, searchText, includeUsed };
  return useQuery({
    queryKey: smartGateQueryKeys.gatePasses(query),
    queryFn: () => api.smartGate.gatePasses({ query }),
    placeholderData: keepPreviousData,
  });
}
