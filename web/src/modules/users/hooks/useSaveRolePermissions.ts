import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RolePermissionsUpdate } from '@openyard/contracts';
import { api } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// PUT /rest/enterprise/roles/permissions for one role; the reply is not used, the list is reloaded.
export function useSaveRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RolePermissionsUpdate) => api.roles.updatePermissions({ body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
}
