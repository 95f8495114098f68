import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { oneBasedSkip, type UserSortField } from '@openyard/contracts';
import { api } from '../../../api/http';
import type { ListSort } from '../../../ui/ListSort';
import { usersPageSize } from '../utils/usersPageSize';
import { usersQueryKeys } from '../utils/usersQueryKeys';
import { usersRefreshIntervalMs } from '../utils/usersRefreshIntervalMs';

// GET /rest/enterprise/users, one page of 15 with a 1-based skip, refreshed every two minutes;
// sorted by the server when a column is chosen.
export function useUsers(page: number, sort: ListSort<UserSortField> | null) {
  return useQuery({
    queryKey: usersQueryKeys.usersPage(page, sort),
    queryFn: () =>
      api.users.page({
        query: {
          skip: oneBasedSkip(page, usersPageSize),
          limit: usersPageSize,
          sortBy: sort?.sortBy,
          sortOrder: sort?.sortOrder,
        },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: usersRefreshIntervalMs,
  });
}
