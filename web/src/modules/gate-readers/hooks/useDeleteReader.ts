import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatusResponse } from '@openyard/contracts';
import { http } from '../../../api/http';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';

// DELETE /rest/enterprise/gate/reader/{id}
export function useDeleteReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<StatusResponse>(`/rest/enterprise/gate/reader/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gatesQueryKeys.all }),
  });
}
