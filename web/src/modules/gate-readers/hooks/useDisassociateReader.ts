import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// PUT /rest/enterprise/gate/{gateId}/reader/{readerId}: the reader stays, on no gate.
export function useDisassociateReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gateId, readerId }: { gateId: number; readerId: number }) =>
      api.gates.disassociateReader({ params: { gateId, readerId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gatesQueryKeys.all }),
  });
}
