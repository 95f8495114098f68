import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { liveTopics } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { gateQueryKeys } from '../utils/gateQueryKeys';

// Slot messages come in bursts (a machine moving boxes); one reload per burst is enough.
const RELOAD_AFTER_MS = 500;

// The trucks inside the yard through this gate (truck turn time). Reloaded after each of the
// screen's own transactions (their mutations invalidate the key) and when a box enters or leaves
// the yard (inventory.slot.v1: gate-ins and dispatches elsewhere, tasks done); no timer.
export function useTrucksInside(gateId: number | null) {
  const queryClient = useQueryClient();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const reload = () => {
    if (gateId === null) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: gateQueryKeys.trucksInside(gateId) }),
      RELOAD_AFTER_MS,
    );
  };
  // A clerk without the inventory grant still sees the list, reloaded after own transactions.
  useLiveTopic(gateId === null ? null : liveTopics.inventory, reload, reload);
  return useQuery({
    queryKey: gateQueryKeys.trucksInside(gateId ?? 0),
    queryFn: () => api.gateOperations.trucksInside({ query: { gateId: gateId ?? undefined } }),
    enabled: gateId !== null,
  });
}
