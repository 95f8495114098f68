import { useQuery } from '@tanstack/react-query';
import type { MovementsPage } from '@openyard/contracts';
import { http } from '../../../api/http';
import { containersQueryKeys } from '../utils/containersQueryKeys';

// GET /rest/enterprise/containers/movements/{n}: every location change of every visit of the number.
export function useMovements(containerNumber: string | null) {
  return useQuery({
    queryKey: containersQueryKeys.movements(containerNumber ?? ''),
    queryFn: () =>
      http.get<MovementsPage>(`/rest/enterprise/containers/movements/${encodeURIComponent(containerNumber ?? '')}`),
    enabled: containerNumber !== null,
  });
}
