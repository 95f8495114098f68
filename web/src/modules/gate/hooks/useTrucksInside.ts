import { useQuery } from '@tanstack/react-query';
import { liveTopics, type TrucksInside } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { gateQueryKeys } from '../utils/gateQueryKeys';
import { withVisit } from '../utils/withVisit';

// The trucks inside the yard through this gate (truck turn time), or through every gate ('all': the
// wall display), kept live by the visits the gate transactions publish (gate.visit.v1 on
// `gate-visits`, a live collection: the race guard and the reload after a resync built in), no timer.
export function useTrucksInside(gateId: number | 'all' | null) {
  const queryKey = gateQueryKeys.trucksInside(gateId ?? 0);
  const refusal = useLiveCollection<TrucksInside, 'gate-visits'>({
    queryKey,
    topic: gateId === null ? null : liveTopics.gateVisits,
    apply: (trucks, message) => (gateId === null ? trucks : withVisit(trucks, message.data.visit, gateId)),
  });
  const query = useQuery({
    queryKey,
    queryFn: () =>
      api.gateOperations.trucksInside({ query: { gateId: gateId === null || gateId === 'all' ? undefined : gateId } }),
    enabled: gateId !== null,
  });
  return { query, refusal };
}
