import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { containersQueryKeys } from '../utils/containersQueryKeys';

// GET /rest/enterprise/containers/movements/{n}: every location change of every visit of the number.
export function useMovements(containerNumber: string | null) {
  return useQuery({
    queryKey: containersQueryKeys.movements(containerNumber ?? ''),
    queryFn: () => api.containers.movements({ params: { n: containerNumber ?? '' } }),
    enabled: containerNumber !== null,
  });
}
