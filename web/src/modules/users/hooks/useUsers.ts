import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { oneBasedSkip, PAGE_SIZES, REFRESH_INTERVALS_MS, type UserSortField } from '@openyard/contracts';
import { api } from '../../../api/http';
import type { ListSort } from '../../../ui/ListSort';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// GET /rest/enterprise/users, one page of 15 with a 1-based skip, refreshed every two minutes;
// sorted by the server when a column is chosen.
export function useUsers(page: number, sort: ListSort<UserSortField> | null) {
  return useQuery({
    queryKey: usersQueryKeys.usersPage(page, sort),
    queryFn: () =>
      api.users.page({
        query: {
          skip: oneBasedSkip(page, PAGE_SIZES.users),
          limit: PAGE_SIZES.users,
          sortBy: sort?.sortBy,
          sortOrder: sort?.sortOrder,
        },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_INTERVALS_MS.users,
  });
}
