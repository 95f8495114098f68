import { useQuery } from '@tanstack/react-query';
import { STALE_TIMES_MS } from '@openyard/contracts';
import { api } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// GET /rest/reader-types (GATEIN, GATEOUT, ...): master data, it changes rarely.
export function useReaderTypes() {
  return useQuery({
    queryKey: gatesQueryKeys.readerTypes,
    queryFn: () => api.masterData.readerTypes(),
    staleTime: STALE_TIMES_MS.readerTypes,
  });
}
