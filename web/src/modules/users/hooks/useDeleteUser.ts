import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatusResponse } from '@openyard/contracts';
import { http } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// DELETE /rest/enterprise/users/{id}
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<StatusResponse>(`/rest/enterprise/users/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
}
