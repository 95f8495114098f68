import { liveTopics, type ItvsPage } from '@openyard/contracts';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { itvsQueryKeys } from '../utils/itvsQueryKeys';
import { withItvPageMessage } from '../utils/withItvPageMessage';

// The page of the ITV list shown, kept live by the topic `itvs`. Returns the hub's refusal, if any.
export function useItvPageLive(page: number, pageSize: number): string | null {
  return useLiveCollection<ItvsPage, 'itvs'>({
    queryKey: itvsQueryKeys.page(page, pageSize),
    topic: liveTopics.itvs,
    apply: withItvPageMessage,
  });
}
