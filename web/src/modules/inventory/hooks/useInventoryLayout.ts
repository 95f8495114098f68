import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { YardLayout } from '@openyard/contracts';
import { http } from '../../../api/http';
import { yardLayoutState } from '../../../app/states/metadataState';
import { inventoryQueryKeys } from '../utils/inventoryQueryKeys';

// GET /rest/yard/layout: areas, rows, columns and heights; reloaded when an admin changes them
// (the live message inventory.layout.v1). The app-wide copy follows it.
export function useInventoryLayout() {
  const setYardLayout = useSetAtom(yardLayoutState);
  const query = useQuery({
    queryKey: inventoryQueryKeys.layout,
    queryFn: () => http.get<YardLayout>('/rest/yard/layout'),
    staleTime: Infinity,
  });
  useEffect(() => {
    if (query.data) setYardLayout(query.data);
  }, [query.data, setYardLayout]);
  return query;
}
