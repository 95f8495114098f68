import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleCreate, RoleUpdate } from '@openyard/contracts';
import { api } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// POST /rest/enterprise/roles for a new role, PUT for a renamed one (the body carries its id).
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleCreate | RoleUpdate) =>
      'id' in body ? api.roles.rename({ body }) : api.roles.create({ body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
}
