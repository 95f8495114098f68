import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GateInput } from '@openyard/contracts';
import { http } from '../../../api/http';
import type { GateSavedReply } from '../utils/gateSavedTypes';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// POST /rest/enterprise/gate for a new gate, PUT /rest/enterprise/gate/{id} for an existing one.
export function useSaveGate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: GateInput }) =>
      id === null
        ? http.post<GateSavedReply>('/rest/enterprise/gate', input)
        : http.put<GateSavedReply>(`/rest/enterprise/gate/${id}`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gatesQueryKeys.all }),
  });
}
