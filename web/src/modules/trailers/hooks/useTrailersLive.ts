import { liveTopics, type TrailersPage } from '@openyard/contracts';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { trailersQueryKeys } from '../utils/trailersQueryKeys';
import { withTrailerChange } from '../utils/withTrailerChange';

// The trailers page shown, kept live by the topic `trailers` (added, edited, dispatched, deleted
// anywhere). Returns the hub's refusal, if any, for LiveUnavailableNotice.
export function useTrailersLive(
  page: number,
  pageSize: number,
  searchText: string,
  includeDispatched: boolean,
): string | null {
  return useLiveCollection<TrailersPage, 'trailers'>({
    queryKey: trailersQueryKeys.trailersPage(page, pageSize, searchText, includeDispatched),
    topic: liveTopics.trailers,
    apply: (current, message) => withTrailerChange(current, message, includeDispatched),
  });
}
