import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatusResponse } from '@openyard/contracts';
import { http } from '../../../api/http';
import { refreshContainerData } from '../utils/refreshContainerData';

// DELETE /rest/enterprise/containers/{id}: by id, so that only this visit of the number goes.
export function useDeleteContainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<StatusResponse>(`/rest/enterprise/containers/${id}`),
    onSettled: () => refreshContainerData(queryClient),
  });
}
