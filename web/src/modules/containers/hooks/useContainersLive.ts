import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveTopics } from '@openyard/contracts';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
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
    liveTopics.containers,
    // A slot message reloads the pages; merged, split or renamed slots (a layout message): the
    // pickers and the plan need the new layout too.
    (message) => refresh(message.type === 'inventory.layout.v1'),
    () => refresh(true),
  );
}
