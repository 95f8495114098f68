import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserCreate, UserSaved, UserUpdate } from '@openyard/contracts';
import { http } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// POST /rest/enterprise/users for a new user, PUT for an existing one (the body carries its id).
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreate | UserUpdate) =>
      'id' in body
        ? http.put<UserSaved>('/rest/enterprise/users', body)
        : http.post<UserSaved>('/rest/enterprise/users', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
}
