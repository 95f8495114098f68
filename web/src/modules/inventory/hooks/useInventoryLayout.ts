import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { api } from '../../../api/http';
import { yardLayoutState } from '../../../app/states/metadataState';
import { inventoryQueryKeys } from '../utils/inventoryQueryKeys';

// GET /rest/yard/layout: areas, rows, columns and heights; reloaded when an admin changes them
// (the live message inventory.layout.v1). The app-wide copy follows it.
export function useInventoryLayout() {
  const setYardLayout = useSetAtom(yardLayoutState);
  const query = useQuery({
    queryKey: inventoryQueryKeys.layout,
    queryFn: () => api.yard.layout(),
    staleTime: Infinity,
  });
  useEffect(() => {
    if (query.data) setYardLayout(query.data);
  }, [query.data, setYardLayout]);
  return query;
}
