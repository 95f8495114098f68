import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationUpdateBody, LocationUpdateResult } from '@openyard/contracts';
import { http } from '../../../api/http';
import { refreshContainerData } from '../utils/refreshContainerData';

// POST /rest/yard/updateLocation with the changed rows only; the server applies all or none.
export function useUpdateLocations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: LocationUpdateBody) => http.post<LocationUpdateResult>('/rest/yard/updateLocation', items),
    onSettled: () => refreshContainerData(queryClient),
  });
}
