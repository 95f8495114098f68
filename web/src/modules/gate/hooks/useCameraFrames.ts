import { useQuery, useQueryClient } from '@tanstack/react-query';
import { liveTopics, type LatestFramesResponse } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { gateQueryKeys } from '../utils/gateQueryKeys';
import { withLatestFrame } from '../utils/withLatestFrame';

// The latest frame of each camera of the gate, replaced as the live topic `cameras:{gateId}`
// announces new ones (no polling). Returns the query and the hub's refusal.
export function useCameraFrames(gateId: number | null) {
  const queryClient = useQueryClient();
  const queryKey = gateQueryKeys.frames(gateId ?? 0);
  const query = useQuery({
    queryKey,
    queryFn: () => api.ocr.latestFrames({ query: { gateId: gateId ?? 0 } }),
    enabled: gateId !== null,
  });
  const refusal = useLiveTopic(
    gateId === null ? null : liveTopics.cameras(gateId),
    (message) =>
      queryClient.setQueryData<LatestFramesResponse>(queryKey, (current) =>
        current ? withLatestFrame(current, message.data) : current,
      ),
    () => void queryClient.invalidateQueries({ queryKey }),
  );
  return { query, refusal };
}
