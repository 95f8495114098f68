import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { oneBasedSkip, type UsersPage } from '@openyard/contracts';
import { http } from '../../../api/http';
import { usersPageSize } from '../utils/usersPageSize';
import { usersQueryKeys } from '../utils/usersQueryKeys';
import { usersRefreshIntervalMs } from '../utils/usersRefreshIntervalMs';

// GET /rest/enterprise/users, one page of 15 with a 1-based skip, refreshed every two minutes.
export function useUsers(page: number) {
  return useQuery({
    queryKey: usersQueryKeys.usersPage(page),
    queryFn: () =>
      http.get<UsersPage>('/rest/enterprise/users', { skip: oneBasedSkip(page, usersPageSize), limit: usersPageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: usersRefreshIntervalMs,
  });
}
