import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import type { GateReaderSavedReply } from '../utils/gateSavedTypes';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// PUT /rest/enterprise/gate/{gateId}/reader/{readerId}: the reader stays, on no gate.
export function useDisassociateReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gateId, readerId }: { gateId: number; readerId: number }) =>
      http.put<GateReaderSavedReply>(`/rest/enterprise/gate/${gateId}/reader/${readerId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gatesQueryKeys.all }),
  });
}
