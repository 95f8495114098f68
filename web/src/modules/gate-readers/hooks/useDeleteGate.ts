import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// DELETE /rest/enterprise/gate/{id}?deleteReaders=…: the readers go too, or stay on no gate.
export function useDeleteGate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deleteReaders }: { id: number; deleteReaders: boolean }) =>
      api.gates.delete({ params: { id }, query: { deleteReaders } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gatesQueryKeys.all }),
  });
}
