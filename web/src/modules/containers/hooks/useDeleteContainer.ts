import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { refreshContainerData } from '../utils/refreshContainerData';

// DELETE /rest/enterprise/containers/{id}: by id, so that only this visit of the number goes.
export function useDeleteContainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.containers.delete({ params: { n: String(id) } }),
    onSettled: () => refreshContainerData(queryClient),
  });
}
