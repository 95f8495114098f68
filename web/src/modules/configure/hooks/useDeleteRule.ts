import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatusResponse } from '@openyard/contracts';
import { http } from '../../../api/http';
import { configureQueryKeys } from '../utils/configureQueryKeys';

// DELETE /rest/configuration/{id}.
export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<StatusResponse>(`/rest/configuration/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configureQueryKeys.rules }),
  });
}
