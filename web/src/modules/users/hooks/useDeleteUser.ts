import { messages } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// DELETE /rest/enterprise/users/{id}
export function useDeleteUser() {
  return useNotifyingMutation({
    mutationFn: (id: number) => api.users.delete({ params: { id } }),
    success: messages.userDeleted,
    invalidates: [usersQueryKeys.all],
  });
}
