import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { configureQueryKeys } from '../utils/configureQueryKeys';

// DELETE /rest/configuration/{id}.
export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.configuration.delete({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configureQueryKeys.rules }),
  });
}
