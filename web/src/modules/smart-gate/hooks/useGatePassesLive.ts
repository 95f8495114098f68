import { useQueryClient } from '@tanstack/react-query';
import { liveTopics } from '@openyard/contracts';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { smartGateQueryKeys } from '../utils/smartGateQueryKeys';

// The gate passes list's topic `gate-passes` (issue 16): a pass added, edited, imported, used by a
// dispatch or deleted by anyone reloads the pages of the list (a page, a search and the used filter
// make a delta unreliable); a resync or reconnect does the same. Returns the hub's refusal, if any,
// for LiveUnavailableNotice.
export function useGatePassesLive(): string | null {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: smartGateQueryKeys.gatePassesAll });
  return useLiveTopic(liveTopics.gatePasses, reload, reload);
}
