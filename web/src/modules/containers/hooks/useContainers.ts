import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { oneBasedSkip, type ContainerSortField } from '@openyard/contracts';
import { api } from '../../../api/http';
import type { ListSort } from '../../../ui/ListSort';
import type { ContainerSearch } from '../utils/ContainerSearch';
import { containersMedium } from '../utils/containersMedium';
import { containersQueryKeys } from '../utils/containersQueryKeys';
import type { ContainersScope } from '../utils/ContainersScope';
import { searchTextOf } from '../utils/searchTextOf';

// One page of a search: GET /rest/enterprise/containers (Yard: in the yard) or .../all (All: every
// visit), with a 1-based skip (spec 1 §7), sorted by the server when a column is chosen.
export function useContainers(
  scope: ContainersScope,
  search: ContainerSearch,
  page: number,
  pageSize: number,
  sort: ListSort<ContainerSortField> | null,
) {
  const searchText = searchTextOf(search) ?? '';
  return useQuery({
    queryKey: containersQueryKeys.page(scope, searchText, search.fromDate, search.toDate, page, pageSize, sort),
    queryFn: () =>
      (scope === 'yard' ? api.containers.inYard : api.containers.all)({
        query: {
          skip: oneBasedSkip(page, pageSize),
          limit: pageSize,
          searchText,
          medium: containersMedium,
          ...(search.fromDate === undefined ? {} : { fromDate: search.fromDate }),
          ...(search.toDate === undefined ? {} : { toDate: search.toDate }),
          ...(sort ? { sortBy: sort.sortBy, sortOrder: sort.sortOrder } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
}
