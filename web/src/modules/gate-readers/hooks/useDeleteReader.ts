import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// DELETE /rest/enterprise/gate/reader/{id}
export function useDeleteReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.gates.deleteReader({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gatesQueryKeys.all }),
  });
}
