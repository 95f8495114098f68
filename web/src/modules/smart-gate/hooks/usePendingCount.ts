import { useQuery, useQueryClient } from '@tanstack/react-query';
import { liveTopics, type OcrCountResponse } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { smartGateQueryKeys } from '../utils/smartGateQueryKeys';

// The gate's pending OCR records, kept by the live topic `ocr:{gateId}` (a new record, an
// acknowledgement or a purge each carry the new count).
export function usePendingCount(gateId: number | null) {
  const queryClient = useQueryClient();
  const queryKey = smartGateQueryKeys.count(gateId ?? 0);
  const query = useQuery({
    queryKey,
    queryFn: () => api.ocr.count({ query: { gateId: gateId ?? 0 } }),
    enabled: gateId !== null,
  });
  const refusal = useLiveTopic(
    gateId === null ? null : liveTopics.ocr(gateId),
    (message) => {
      // A new record or an acknowledgement carries the count; a resolved record (ocr.resolved.v1)
      // moves the OCR accuracy figures and adds a report row.
      if ('pendingCount' in message.data)
        queryClient.setQueryData<OcrCountResponse>(queryKey, { count: message.data.pendingCount });
      else {
        void queryClient.invalidateQueries({ queryKey: smartGateQueryKeys.accuracyAll });
        void queryClient.invalidateQueries({ queryKey: smartGateQueryKeys.reportAll });
      }
    },
    () => void queryClient.invalidateQueries({ queryKey }),
  );
  return { count: query.data?.count ?? null, refusal };
}
