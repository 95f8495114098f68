import { messages, type RolePermissionsUpdate } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// PUT /rest/enterprise/roles/permissions for one role; the reply is not used, the list is reloaded.
export function useSaveRolePermissions() {
  return useNotifyingMutation({
    mutationFn: (body: RolePermissionsUpdate) => api.roles.updatePermissions({ body }),
    success: messages.permissionsUpdated,
    refusalTitle: messages.permissionsNotUpdated,
    refusalAs: 'notice',
    invalidates: [usersQueryKeys.all],
  });
}
