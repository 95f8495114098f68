import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserCreate, UserUpdate } from '@openyard/contracts';
import { api } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// POST /rest/enterprise/users for a new user, PUT for an existing one (the body carries its id).
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreate | UserUpdate) =>
      'id' in body ? api.users.update({ body }) : api.users.create({ body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
}
