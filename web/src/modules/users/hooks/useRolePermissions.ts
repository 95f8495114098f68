import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// GET /rest/enterprise/roles/permissions: one permission set per role.
export function useRolePermissions() {
  return useQuery({
    queryKey: usersQueryKeys.rolePermissions,
    queryFn: () => api.roles.permissions(),
  });
}
