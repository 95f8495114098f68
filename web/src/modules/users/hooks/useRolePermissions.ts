import { useQuery } from '@tanstack/react-query';
import type { RolePermissionsList } from '@openyard/contracts';
import { http } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// GET /rest/enterprise/roles/permissions: one permission set per role.
export function useRolePermissions() {
  return useQuery({
    queryKey: usersQueryKeys.rolePermissions,
    queryFn: () => http.get<RolePermissionsList>('/rest/enterprise/roles/permissions'),
  });
}
