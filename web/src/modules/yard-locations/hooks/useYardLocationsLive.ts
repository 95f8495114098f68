import { liveTopics, type YardLocation } from '@openyard/contracts';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { withYardLocationsChange } from '../utils/withYardLocationsChange';
import { yardLocationsQueryKeys } from '../utils/yardLocationsQueryKeys';

// The yard locations kept live by the topic `yard-locations` (saved or deleted anywhere). Returns
// the hub's refusal, if any, for LiveUnavailableNotice.
export function useYardLocationsLive(): string | null {
  return useLiveCollection<YardLocation[], 'yard-locations'>({
    queryKey: yardLocationsQueryKeys.all,
    topic: liveTopics.yardLocations,
    apply: withYardLocationsChange,
  });
}
