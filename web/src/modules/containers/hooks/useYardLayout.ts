import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { YardLayout } from '@openyard/contracts';
import { http } from '../../../api/http';
import { yardLayoutState } from '../../../app/states/metadataState';
import { containersQueryKeys } from '../utils/containersQueryKeys';

// GET /rest/yard/layout for the location pickers and the yard map. Starts from the layout loaded
// at bootstrap and asks again, since merges and splits may have changed it; a layout message of
// the live topic reloads it with the lists (it sits under the screen's query root).
export function useYardLayout() {
  const bootstrapLayout = useAtomValue(yardLayoutState);
  return useQuery({
    queryKey: containersQueryKeys.layout,
    queryFn: () => http.get<YardLayout>('/rest/yard/layout'),
    initialData: bootstrapLayout ?? undefined,
    initialDataUpdatedAt: 0,
  });
}
