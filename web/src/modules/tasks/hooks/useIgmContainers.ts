import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';

// GET /rest/yard/igm-containers/{IGM:ITEM}: the containers of an IGM item, once one is searched.
export function useIgmContainers(igmItem: string | null) {
  return useQuery({
    queryKey: tasksQueryKeys.igmContainers(igmItem),
    queryFn: () => api.inventory.igmContainers({ params: { igm: igmItem! } }, { action: true }),
    enabled: igmItem !== null,
  });
}
