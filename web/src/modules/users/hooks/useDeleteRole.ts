import { messages } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// DELETE /rest/enterprise/roles/{id}; the server refuses roles that were not created by an admin.
// Spec 3 §8: a failed role delete shows the server's message for two seconds.
export function useDeleteRole() {
  return useNotifyingMutation({
    mutationFn: (id: number) => api.roles.delete({ params: { id } }),
    success: messages.roleDeleted,
    refusalAs: 'notice',
    invalidates: [usersQueryKeys.all],
  });
}
