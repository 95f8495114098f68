import { useQuery } from '@tanstack/react-query';
import { routes, STALE_TIMES_MS } from '@openyard/contracts';
import { api } from '../../../api/http';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';
import { useMayCall } from './useMayCall';

// The yard's ITVs by trailer number, for the ITV task modal's picker; only for users who may see
// ITVs (the others type the trailer).
export function useItvTrailers() {
  const allowed = useMayCall(routes.machines.itvs.access);
  return useQuery({
    queryKey: tasksQueryKeys.itvTrailers,
    queryFn: () => api.machines.itvs({ query: { skip: 1, limit: 500 } }),
    enabled: allowed,
    staleTime: STALE_TIMES_MS.masterLists,
    select: (page) => page.itvs.map((itv) => itv.trailerNumber),
  });
}
