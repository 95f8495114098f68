import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { api } from '../../../api/http';
import { yardLayoutState } from '../../../app/states/metadataState';
import { configureQueryKeys } from '../utils/configureQueryKeys';

// GET /rest/yard/layout. Starts from the layout loaded at bootstrap and asks again, since merges
// and splits may have changed it since; useRulesLive reloads it on every layout change.
export function useLayout() {
  const bootstrapLayout = useAtomValue(yardLayoutState);
  return useQuery({
    queryKey: configureQueryKeys.layout,
    queryFn: () => api.yard.layout(),
    initialData: bootstrapLayout ?? undefined,
    initialDataUpdatedAt: 0,
  });
}
