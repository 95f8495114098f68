import { useQueryClient } from '@tanstack/react-query';
import { liveTopics } from '@openyard/contracts';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { chaQueryKeys } from '../utils/chaQueryKeys';

// The CHA vehicles screen's topic `cha` (issue 20): an agent's allocation saved anywhere, or a
// trailer gate-in counted against it, reloads that agent's allocation (its gated-in counts); a
// resync or reconnect reloads every allocation shown. Returns the hub's refusal, if any, for
// LiveUnavailableNotice.
export function useChaLive(): string | null {
  const queryClient = useQueryClient();
  return useLiveTopic(
    liveTopics.cha,
    (message) => void queryClient.invalidateQueries({ queryKey: chaQueryKeys.allocation(message.data.agentId) }),
    () => void queryClient.invalidateQueries({ queryKey: chaQueryKeys.allocationAll }),
  );
}
