import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/http';
import type { InventoryStore } from '../utils/InventoryStore';

export interface LocationUpdate {
  containerId: number;
  number: string;
  size: number;
  previousLocation: string | null;
  newLocation: string;
}

// POST /rest/yard/updateLocation. The moved boxes are shown at once (live off included); the live
// message brings the same state to every other screen.
export function useUpdateLocation(store: InventoryStore) {
  return useMutation({
    mutationFn: (items: LocationUpdate[]) => api.inventory.updateLocation({ body: items }),
    onSuccess: (result) => {
      for (const container of result.containers) store.applyMessage(container, store.version);
    },
  });
}
