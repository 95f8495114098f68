import { useMutation } from '@tanstack/react-query';
import type { ExportResponse, UserSortField } from '@openyard/contracts';
import { http } from '../../../api/http';
import type { ListSort } from '../../../ui/ListSort';

// GET /rest/enterprise/users/export: the server writes a spreadsheet, in the list's order, and
// returns its path.
export function useExportUsers(sort: ListSort<UserSortField> | null) {
  return useMutation({
    mutationFn: (range: { startIndex: number; pageSize: number }) =>
      http.get<ExportResponse>(
        '/rest/enterprise/users/export',
        { ...range, format: 'xlsx', sortBy: sort?.sortBy, sortOrder: sort?.sortOrder },
        { action: true },
      ),
  });
}
