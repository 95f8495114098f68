import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleCreate, RoleSaved, RoleUpdate } from '@openyard/contracts';
import { http } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// POST /rest/enterprise/roles for a new role, PUT for a renamed one (the body carries its id).
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleCreate | RoleUpdate) =>
      'id' in body
        ? http.put<RoleSaved>('/rest/enterprise/roles', body)
        : http.post<RoleSaved>('/rest/enterprise/roles', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
}
