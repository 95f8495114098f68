import { useQuery } from '@tanstack/react-query';
import { masterItemOf, masterListOf, STALE_TIMES_MS, type MasterItem, type MasterListKey } from '@openyard/contracts';
import { api } from '../../../api/http';
import { masterDataQueryKeys } from '../../../api/masterDataQueryKeys';

// One list's items as the editor shows them, read by the list's own call of the catalogue (spec 3
// §7 "Master data (GET)") under the key every other screen reading it shares: a change made here
// or elsewhere (topic `master-data`, useMasterDataLive) reloads it.
export function useMasterItems(list: MasterListKey) {
  const { read } = masterListOf(list);
  return useQuery({
    queryKey: masterDataQueryKeys.list(read),
    queryFn: async (): Promise<MasterItem[]> =>
      read === 'activities'
        ? (await api.masterData.activities()).map(masterItemOf)
        : (await api.masterData[read]()).map(masterItemOf),
    staleTime: STALE_TIMES_MS.masterLists,
  });
}
