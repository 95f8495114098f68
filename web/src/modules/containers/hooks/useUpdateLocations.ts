import type { LocationUpdateBody } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { refreshContainerData } from '../utils/refreshContainerData';

// POST /rest/yard/updateLocation with the changed rows only; the server applies all or none.
export function useUpdateLocations() {
  return useNotifyingMutation({
    mutationFn: (items: LocationUpdateBody) => api.inventory.updateLocation({ body: items }),
    success: (reply) => reply.message,
    refresh: refreshContainerData,
  });
}
