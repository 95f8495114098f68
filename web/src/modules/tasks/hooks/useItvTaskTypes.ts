import { useQuery } from '@tanstack/react-query';
import { STALE_TIMES_MS } from '@openyard/contracts';
import { api } from '../../../api/http';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';

// GET /rest/tasks/itv-tasks/itv-task-types: the ITV task modal's types.
export function useItvTaskTypes() {
  return useQuery({
    queryKey: tasksQueryKeys.itvTaskTypes,
    queryFn: () => api.tasks.itvTaskTypes(),
    staleTime: STALE_TIMES_MS.masterLists,
    select: (items) => items.map((item) => item.name),
  });
}
