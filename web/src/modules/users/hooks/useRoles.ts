import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { oneBasedSkip, PAGE_SIZES } from '@openyard/contracts';
import { api } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// GET /rest/enterprise/roles, one page of 15 with a 1-based skip.
export function useRoles(page: number) {
  return useQuery({
    queryKey: usersQueryKeys.rolesPage(page),
    queryFn: () => api.roles.page({ query: { skip: oneBasedSkip(page, PAGE_SIZES.roles), limit: PAGE_SIZES.roles } }),
    placeholderData: keepPreviousData,
  });
}
