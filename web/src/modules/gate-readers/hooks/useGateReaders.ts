import { useQuery } from '@tanstack/react-query';
import type { GateReader } from '@openyard/contracts';
import { http } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// GET /rest/enterprise/gate/reader: every reader, on a gate or not; kept current by the live topic.
export function useGateReaders() {
  return useQuery({
    queryKey: gatesQueryKeys.readers,
    queryFn: () => http.get<GateReader[]>('/rest/enterprise/gate/reader'),
  });
}
