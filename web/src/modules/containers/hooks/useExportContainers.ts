import { useMutation } from '@tanstack/react-query';
import type { ContainerSortField } from '@openyard/contracts';
import { api } from '../../../api/http';
import type { ListSort } from '../../../ui/ListSort';
import type { ContainerSearch } from '../utils/ContainerSearch';
import type { ContainersScope } from '../utils/ContainersScope';
import { searchTextOf } from '../utils/searchTextOf';

// GET /rest/enterprise/containers/export: the server writes the spreadsheet of the search's rows
// in the dialog's page range, in the list's order, and returns its path.
export function useExportContainers(
  scope: ContainersScope,
  search: ContainerSearch,
  sort: ListSort<ContainerSortField> | null,
) {
  return useMutation({
    mutationFn: (range: { startIndex: number; pageSize: number }) =>
      api.containers.export(
        {
          query: {
            skip: range.startIndex,
            limit: range.pageSize,
            format: 'xlsx',
            searchText: searchTextOf(search),
            inYardContainersOnly: scope === 'yard',
            fromDate: search.fromDate,
            toDate: search.toDate,
            sortBy: sort?.sortBy,
            sortOrder: sort?.sortOrder,
          },
        },
        { action: true },
      ),
  });
}
