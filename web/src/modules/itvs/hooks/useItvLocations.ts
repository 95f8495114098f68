import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { dataRefreshIntervalMs, PAGE_SIZES } from '@openyard/contracts';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { itvsQueryKeys } from '../utils/itvsQueryKeys';

// Every ITV for the Locations map: one page of the largest size the call takes.
export function useItvLocations() {
  const refreshRate = useAtomValue(metadataState)?.dataRefreshRate;
  return useQuery({
    queryKey: itvsQueryKeys.locations,
    queryFn: () => api.machines.itvs({ query: { skip: 1, limit: PAGE_SIZES.itvLocations } }),
    refetchInterval: dataRefreshIntervalMs(refreshRate),
  });
}
