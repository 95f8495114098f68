import { useQuery, useQueryClient } from '@tanstack/react-query';
import { liveTopics, type TrucksInside } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { gateQueryKeys } from '../utils/gateQueryKeys';
import { withVisit } from '../utils/withVisit';

// The trucks inside the yard through this gate (truck turn time), or through every gate ('all': the
// wall display), kept live by the visits the gate transactions publish (gate.visit.v1 on
// `gate-visits`); reloaded after a resync, no timer.
export function useTrucksInside(gateId: number | 'all' | null) {
  const queryClient = useQueryClient();
  const queryKey = gateQueryKeys.trucksInside(gateId ?? 0);
  const refusal = useLiveTopic(
    gateId === null ? null : liveTopics.gateVisits,
    (message) => {
      if (gateId === null) return;
      queryClient.setQueryData<TrucksInside>(queryKey, (trucks) =>
        trucks ? withVisit(trucks, message.data.visit, gateId) : trucks,
      );
    },
    () => void queryClient.invalidateQueries({ queryKey }),
  );
  const query = useQuery({
    queryKey,
    queryFn: () =>
      api.gateOperations.trucksInside({ query: { gateId: gateId === null || gateId === 'all' ? undefined : gateId } }),
    enabled: gateId !== null,
  });
  return { query, refusal };
}
