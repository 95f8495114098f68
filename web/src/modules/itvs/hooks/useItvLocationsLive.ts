import { liveTopics, type ItvsPage } from '@openyard/contracts';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { itvsQueryKeys } from '../utils/itvsQueryKeys';
import { withItvMessage } from '../utils/withItvMessage';

// The map's ITVs kept live by the topic `itvs`: positions move the markers, ITVs added, edited or
// deleted anywhere appear, change or go. Returns the hub's refusal, if any.
export function useItvLocationsLive(): string | null {
  return useLiveCollection<ItvsPage, 'itvs'>({
    queryKey: itvsQueryKeys.locations,
    topic: liveTopics.itvs,
    apply: withItvMessage,
  });
}
