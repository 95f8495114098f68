import { useMutation } from '@tanstack/react-query';
import type { UserSortField } from '@openyard/contracts';
import { api } from '../../../api/http';
import type { ListSort } from '../../../ui/ListSort';

// GET /rest/enterprise/users/export: the server writes a spreadsheet, in the list's order, and
// returns its path.
export function useExportUsers(sort: ListSort<UserSortField> | null) {
  return useMutation({
    mutationFn: (range: { startIndex: number; pageSize: number }) =>
      api.users.export(
        { query: { ...range, format: 'xlsx', sortBy: sort?.sortBy, sortOrder: sort?.sortOrder } },
        { action: true },
      ),
  });
}
