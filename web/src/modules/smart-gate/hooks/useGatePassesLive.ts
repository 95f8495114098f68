import { useQueryClient } from '@tanstack/react-query';
import { liveTopics } from '@openyard/contracts';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import type { GatePassesChange } from '../utils/passOnLane';
import { smartGateQueryKeys } from '../utils/smartGateQueryKeys';

// The gate-pass store's topic `gate-passes` (issue 16): a pass added, edited, imported, used by a
// dispatch or deleted by anyone reloads the pages of the gate passes list (a page, a search and the
// used filter make a delta unreliable); a resync or reconnect does the same. `onChange` is what a
// smart gate lane does besides (its pass check and candidates): the change, or null after a resync.
// Returns the hub's refusal, if any, for LiveUnavailableNotice.
export function useGatePassesLive(onChange?: (change: GatePassesChange | null) => void): string | null {
  const queryClient = useQueryClient();
  const reload = (change: GatePassesChange | null) => {
    void queryClient.invalidateQueries({ queryKey: smartGateQueryKeys.gatePassesAll });
    onChange?.(change);
  };
  return useLiveTopic(
    liveTopics.gatePasses,
    (message) => reload(message.data),
    () => reload(null),
  );
}
