import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// GET /rest/reader-types (GATEIN, GATEOUT, ...): master data, it changes rarely.
export function useReaderTypes() {
  return useQuery({
    queryKey: gatesQueryKeys.readerTypes,
    queryFn: () => api.masterData.readerTypes(),
    staleTime: 10 * 60_000,
  });
}
