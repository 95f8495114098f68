import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// GET /rest/enterprise/gate/unused-readers: readers on no gate, which a gate can take.
export function useUnusedReaders(enabled: boolean) {
  return useQuery({
    queryKey: gatesQueryKeys.unusedReaders,
    queryFn: () => api.gates.unusedReaders(),
    enabled,
  });
}
