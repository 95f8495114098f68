import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { api } from '../../../api/http';
import { yardLayoutState } from '../../../app/states/metadataState';
import { containersQueryKeys } from '../utils/containersQueryKeys';

// GET /rest/yard/layout for the location pickers and the yard map. Starts from the layout loaded
// at bootstrap and asks again, since merges and splits may have changed it; a layout message of
// the live topic reloads it with the lists (it sits under the screen's query root).
export function useYardLayout({ enabled = true }: { enabled?: boolean } = {}) {
  const bootstrapLayout = useAtomValue(yardLayoutState);
  return useQuery({
    queryKey: containersQueryKeys.layout,
    queryFn: () => api.yard.layout(),
    initialData: bootstrapLayout ?? undefined,
    initialDataUpdatedAt: 0,
    enabled,
  });
}
