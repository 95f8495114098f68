import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { containersQueryKeys } from '../utils/containersQueryKeys';

// A master-data list for the edit form's pickers (sizes, types, processes, categories, ...).
export function useMasterList<T extends { id: number; name: string }>(path: string, enabled = true) {
  return useQuery({
    queryKey: containersQueryKeys.masterList(path),
    queryFn: () => http.get<T[]>(path),
    staleTime: 5 * 60_000,
    enabled,
  });
}
