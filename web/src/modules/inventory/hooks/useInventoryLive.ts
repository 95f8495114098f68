import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { unhandledLiveMessage } from '../../../live/utils/unhandledLiveMessage';
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
// stays as it was until switched on again or reloaded by hand.
export function useInventoryLive(store: InventoryStore, live: boolean) {
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
    live ? 'inventory' : null,
    (message) => {
      switch (message.type) {
        case 'inventory.slot.v1':
          store.applyMessage(message.data.container, message.data.version);
          return;
        case 'inventory.layout.v1':
          // Areas, columns or rules changed: the grid's geometry and the snapshot with it.
          void queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.layout });
          void queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.rules });
          void reload();
          return;
        case 'gate.reader.v1':
        case 'gate.readerRemoved.v1':
        case 'gate.changed.v1':
        case 'gate.health.v1':
        case 'gate.tag.v1':
        case 'deviceLog.entry.v1':
        case 'machine.position.v1':
        case 'machine.status.v1':
        case 'itv.position.v1':
        case 'ocr.record.v1':
        case 'ocr.count.v1':
          return;
        default:
          unhandledLiveMessage(message);
      }
    },
    () => void reload(),
  );

  return { ...state, refusal, reload };
}
