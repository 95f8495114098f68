import { useQuery } from '@tanstack/react-query';
import { liveTopics, type TrucksInside } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { gateQueryKeys } from '../utils/gateQueryKeys';
import { withVisit } from '../utils/withVisit';

// The trucks inside the yard through this gate (truck turn time), kept live by the visits the
// gate transactions publish (gate.visit.v1 on `gates`); reloaded after a resync, no timer.
export function useTrucksInside(gateId: number | null) {
  const queryKey = gateQueryKeys.trucksInside(gateId ?? 0);
  useLiveCollection<TrucksInside, 'gates'>({
    queryKey,
    topic: gateId === null ? null : liveTopics.gates,
    apply: (trucks, message) =>
      message.type === 'gate.visit.v1' && gateId !== null ? withVisit(trucks, message.data.visit, gateId) : trucks,
  });
  return useQuery({
    queryKey,
    queryFn: () => api.gateOperations.trucksInside({ query: { gateId: gateId ?? undefined } }),
    enabled: gateId !== null,
  });
}
