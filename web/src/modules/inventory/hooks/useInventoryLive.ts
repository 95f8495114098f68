import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveTopics } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { inventoryQueryKeys } from '../utils/inventoryQueryKeys';
import type { InventoryStore } from '../utils/InventoryStore';

export interface InventoryLoadState {
  loading: boolean;
  error: string | null;
  loadedAt: number | null;
}

// Keeps the store true (DESIGN §7): loads the compact snapshot (planned slots included), applies
// the slot messages of the topic `inventory` as they come, and reloads after a reconnect or a
// layout change. With `live` off (the spec's auto-refresh toggle) it unsubscribes and the grid
// stays as it was until switched on again or reloaded by hand. `topic`: where the slot messages
// are heard, `inventory` or its mirror `containers` (planning's grid for a planner without the
// inventory's grant).
export function useInventoryLive(
  store: InventoryStore,
  live: boolean,
  topic: typeof liveTopics.inventory | typeof liveTopics.containers = liveTopics.inventory,
) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<InventoryLoadState>({ loading: true, error: null, loadedAt: null });
  const loads = useRef(0);

  const reload = useCallback(async () => {
    const load = ++loads.current;
    setState((current) => ({ ...current, loading: true }));
    try {
      // The browser revalidates with the ETag: an unchanged yard costs a 304.
      const grid = await api.inventory.grid({ query: { includePlanned: true } });
      store.loadSnapshot(grid);
      if (load === loads.current) setState({ loading: false, error: null, loadedAt: Date.now() });
    } catch (error) {
      if (load === loads.current) setState((current) => ({ ...current, loading: false, error: errorMessageOf(error) }));
    }
  }, [store]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const refusal = useLiveTopic(
    live ? topic : null,
    (message) => {
      if (message.type === 'inventory.slot.v1') {
        store.applyMessage(message.data.container, message.data.version, message.at);
        return;
      }
      // Areas, columns or rules changed: the grid's geometry and the snapshot with it. The liners'
      // colours (master data) are in the snapshot alone.
      if (message.data.reason !== 'liners') {
        void queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.layout });
        void queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.rules });
      }
      void reload();
    },
    () => void reload(),
  );

  return { ...state, refusal, reload };
}
