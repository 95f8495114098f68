import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { kioskQueryKeys } from '../utils/kioskQueryKeys';

// The kiosk status call (spec 2 §3 Kiosk status form → responseMap.containerStatusList), public,
// once both numbers were submitted.
export function useContainerStatus(asked: { igmNumber: string; itemNumber: string } | null) {
  return useQuery({
    queryKey: kioskQueryKeys.status(asked?.igmNumber ?? '', asked?.itemNumber ?? ''),
    queryFn: () => api.containers.status({ query: asked! }, { action: true }),
    enabled: asked !== null,
    select: (answer) => answer.responseMap.containerStatusList,
  });
}
