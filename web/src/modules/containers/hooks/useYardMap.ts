import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { containersMedium } from '../utils/containersMedium';
import { containersQueryKeys } from '../utils/containersQueryKeys';

// GET /rest/enterprise/containers/yard-map for up to 10 numbers: where each stands, with its
// place on the map when its area is geo-referenced.
export function useYardMap(containerNumbers: readonly string[]) {
  const joined = containerNumbers.join(',');
  return useQuery({
    queryKey: containersQueryKeys.yardMap(joined),
    queryFn: () =>
      api.inventory.yardMap({ query: { containerNumbers: joined, medium: containersMedium } }, { action: true }),
    enabled: containerNumbers.length > 0,
  });
}
