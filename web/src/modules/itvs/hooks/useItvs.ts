import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { dataRefreshIntervalMs, oneBasedSkip } from '@openyard/contracts';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { itvsQueryKeys } from '../utils/itvsQueryKeys';

// GET /rest/enterprise/itvs: one page of the Operations list (skip, limit; spec 2 §7), kept live by
// useItvPageLive, reloaded every dataRefreshRate seconds when that is above 30 (spec 3 §9).
export function useItvs(page: number, pageSize: number) {
  const refreshRate = useAtomValue(metadataState)?.dataRefreshRate;
  return useQuery({
    queryKey: itvsQueryKeys.page(page, pageSize),
    queryFn: () => api.machines.itvs({ query: { skip: oneBasedSkip(page, pageSize), limit: pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: dataRefreshIntervalMs(refreshRate),
  });
}
