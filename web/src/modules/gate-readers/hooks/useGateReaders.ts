import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// GET /rest/enterprise/gate/reader: every reader, on a gate or not; kept current by the live topic.
export function useGateReaders() {
  return useQuery({
    queryKey: gatesQueryKeys.readers,
    queryFn: () => api.gates.readers(),
  });
}
