import { useQuery } from '@tanstack/react-query';
import { STALE_TIMES_MS } from '@openyard/contracts';
import { api } from '../../../api/http';
import type { MasterList, MasterListName } from '../../../api/MasterListName';
import { containersQueryKeys } from '../utils/containersQueryKeys';

// A master-data list for the edit form's pickers (sizes, types, processes, categories, ...).
export function useMasterList<N extends MasterListName>(list: N, enabled = true) {
  return useQuery({
    queryKey: containersQueryKeys.masterList(list),
    queryFn: () => (api.masterData[list] as () => Promise<MasterList<N>>)(),
    staleTime: STALE_TIMES_MS.masterLists,
    enabled,
  });
}
