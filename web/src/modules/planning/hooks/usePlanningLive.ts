import { useQueryClient } from '@tanstack/react-query';
import { liveTopics } from '@openyard/contracts';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { planningQueryKeys } from '../utils/planningQueryKeys';

// The planning screen's topic `planning` (issue 19): a plan saved, deleted or rolled back anywhere,
// or a container planned on one gated in, reloads the queued containers and the plans; an engine
// run's progress and result go into the query of a run this screen is waiting on (auto-assign).
// A resync or reconnect asks for all of them again. Returns the hub's refusal, if any, for
// LiveUnavailableNotice.
export function usePlanningLive(): string | null {
  const queryClient = useQueryClient();
  return useLiveTopic(
    liveTopics.planning,
    (message) => {
      if (message.type === 'planning.engine.v1') {
        // Kept even before the screen asks for it: a short run may end before the answer that
        // queued it has arrived (the query then starts from the run's last state).
        queryClient.setQueryData(planningQueryKeys.engineJob(message.data.jobId), message.data);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: planningQueryKeys.queuedAll });
      void queryClient.invalidateQueries({ queryKey: planningQueryKeys.plans });
    },
    () => void queryClient.invalidateQueries({ queryKey: planningQueryKeys.all }),
  );
}
