import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { yardLocationsQueryKeys } from '../utils/yardLocationsQueryKeys';

// GET /rest/enterprise/yard-locations: every yard location, by name (spec 3 §7). A yard has a few
// dozen at most: the list is shown whole.
export function useYardLocations() {
  return useQuery({ queryKey: yardLocationsQueryKeys.all, queryFn: () => api.yardLocations.list() });
}
