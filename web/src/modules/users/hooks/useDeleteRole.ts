import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// DELETE /rest/enterprise/roles/{id}; the server refuses roles that were not created by an admin.
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.roles.delete({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
}
