import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// GET /rest/roles: the roles a user can be given, for the user form.
export function useRoleNames() {
  return useQuery({
    queryKey: usersQueryKeys.roleNames,
    queryFn: () => api.roles.list(),
  });
}
