import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { oneBasedSkip } from '@openyard/contracts';
import { api } from '../../../api/http';
import { usersPageSize } from '../utils/usersPageSize';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// GET /rest/enterprise/roles, one page of 15 with a 1-based skip.
export function useRoles(page: number) {
  return useQuery({
    queryKey: usersQueryKeys.rolesPage(page),
    queryFn: () => api.roles.page({ query: { skip: oneBasedSkip(page, usersPageSize), limit: usersPageSize } }),
    placeholderData: keepPreviousData,
  });
}
