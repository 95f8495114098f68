import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationUpdateBody } from '@openyard/contracts';
import { api } from '../../../api/http';
import { refreshContainerData } from '../utils/refreshContainerData';

// POST /rest/yard/updateLocation with the changed rows only; the server applies all or none.
export function useUpdateLocations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: LocationUpdateBody) => api.inventory.updateLocation({ body: items }),
    onSettled: () => refreshContainerData(queryClient),
  });
}
