import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// GET /rest/enterprise/gate: every gate with its readers; kept current by the live topic `gates`.
export function useGates() {
  return useQuery({
    queryKey: gatesQueryKeys.gates,
    queryFn: () => api.gates.list(),
  });
}
