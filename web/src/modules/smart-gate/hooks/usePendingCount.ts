import { useQuery, useQueryClient } from '@tanstack/react-query';
import { liveTopics, type OcrCountResponse } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { liveAtOf } from '../../../live/utils/liveAt';
import { smartGateQueryKeys } from '../utils/smartGateQueryKeys';

// The gate's pending OCR records, kept by the live topic `ocr:{gateId}` (a new record, an
// acknowledgement or a purge each carry the new count: a live collection of one figure, reloaded
// after a resync). `liveAt`: the time of the newest message the count holds.
export function usePendingCount(gateId: number | null) {
  const queryClient = useQueryClient();
  const queryKey = smartGateQueryKeys.count(gateId ?? 0);
  const topic = gateId === null ? null : liveTopics.ocr(gateId);
  const query = useQuery({
    queryKey,
    queryFn: () => api.ocr.count({ query: { gateId: gateId ?? 0 } }),
    enabled: gateId !== null,
  });
  const refusal = useLiveCollection<OcrCountResponse, `ocr:${number}`>({
    queryKey,
    topic,
    apply: (current, message) => ('pendingCount' in message.data ? { count: message.data.pendingCount } : current),
  });
  // A resolved record (ocr.resolved.v1) moves the OCR accuracy figures and adds a report row.
  useLiveTopic(
    topic,
    (message) => {
      if (message.type !== 'ocr.resolved.v1') return;
      void queryClient.invalidateQueries({ queryKey: smartGateQueryKeys.accuracyAll });
      void queryClient.invalidateQueries({ queryKey: smartGateQueryKeys.reportAll });
    },
    () => undefined,
  );
  return { count: query.data?.count ?? null, refusal, liveAt: liveAtOf(query.data) };
}
