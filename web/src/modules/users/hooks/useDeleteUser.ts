import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// DELETE /rest/enterprise/users/{id}
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.users.delete({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
}
