import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { unhandledLiveMessage } from '../../../live/utils/unhandledLiveMessage';
import { containersQueryKeys } from '../utils/containersQueryKeys';
import { refreshContainerData } from '../utils/refreshContainerData';

// A busy yard moves many boxes a second; the visible page reloads at most this often.
const REFRESH_GAP_MS = 1000;

// Container changes pushed on the live topic `containers` (moves, arrivals, departures, edits,
// deletions, renamed slots) reload the visible pages. Returns the hub's refusal text, if any.
export function useContainersLive(): string | null {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastRefresh = useRef(0);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const refresh = (withLayout = false) => {
    if (withLayout) void queryClient.invalidateQueries({ queryKey: containersQueryKeys.layout });
    if (timer.current) return;
    const wait = Math.max(0, lastRefresh.current + REFRESH_GAP_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      lastRefresh.current = Date.now();
      void refreshContainerData(queryClient);
    }, wait);
  };

  return useLiveTopic(
    'containers',
    (message) => {
      switch (message.type) {
        case 'inventory.slot.v1':
          refresh();
          return;
        // Merged, split or renamed slots: the pickers and the plan need the new layout too.
        case 'inventory.layout.v1':
          refresh(true);
          return;
        // Messages of other topics: not this screen's.
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
    () => refresh(true),
  );
}
