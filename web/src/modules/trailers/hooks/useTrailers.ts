import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { dataRefreshIntervalMs, oneBasedSkip } from '@openyard/contracts';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { trailersQueryKeys } from '../utils/trailersQueryKeys';

// GET /rest/enterprise/trailers: one page with a one-based skip, reloaded every dataRefreshRate
// seconds when that is above 30 (spec 3 §9); changes made elsewhere arrive live (useTrailersLive).
export function useTrailers(page: number, pageSize: number, searchText: string, includeDispatched: boolean) {
  const refreshRate = useAtomValue(metadataState)?.dataRefreshRate;
  return useQuery({
    queryKey: trailersQueryKeys.trailersPage(page, pageSize, searchText, includeDispatched),
    queryFn: () =>
      api.trailers.page({
        query: { skip: oneBasedSkip(page, pageSize), limit: pageSize, searchText, includeDispatched },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: dataRefreshIntervalMs(refreshRate),
  });
}
