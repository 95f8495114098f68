import { useQuery } from '@tanstack/react-query';
import type { NamedItem } from '@openyard/contracts';
import { http } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// GET /rest/reader-types (GATEIN, GATEOUT, ...): master data, it changes rarely.
export function useReaderTypes() {
  return useQuery({
    queryKey: gatesQueryKeys.readerTypes,
    queryFn: () => http.get<NamedItem[]>('/rest/reader-types'),
    staleTime: 10 * 60_000,
  });
}
