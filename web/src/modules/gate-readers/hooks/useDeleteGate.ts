import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatusResponse } from '@openyard/contracts';
import { http } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// DELETE /rest/enterprise/gate/{id}?deleteReaders=…: the readers go too, or stay on no gate.
export function useDeleteGate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deleteReaders }: { id: number; deleteReaders: boolean }) =>
      http.delete<StatusResponse>(`/rest/enterprise/gate/${id}`, { deleteReaders }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gatesQueryKeys.all }),
  });
}
