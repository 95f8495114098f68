import { useQuery } from '@tanstack/react-query';
import type { YardMapMedium } from '@openyard/contracts';
import { api } from '../../../api/http';
import { containersMedium } from '../utils/containersMedium';
import { containersQueryKeys } from '../utils/containersQueryKeys';

// GET /rest/enterprise/containers/yard-map for up to 10 numbers or one IGM item: where each stands,
// with its place on the map when its area is geo-referenced. Public: the kiosk and mobile pages ask
// it too, naming themselves by their medium (spec 2 §7).
export function useYardMap(containerNumbers: readonly string[], medium: YardMapMedium = containersMedium) {
  const joined = containerNumbers.join(',');
  return useQuery({
    queryKey: containersQueryKeys.yardMap(joined, medium),
    queryFn: () => api.inventory.yardMap({ query: { containerNumbers: joined, medium } }, { action: true }),
    enabled: containerNumbers.length > 0,
  });
}
