import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/http';

// GET /rest/enterprise/trailers/export: the list as shown (search, include dispatched) in the
// dialog's page range; the server writes the sheet and returns its path.
export function useExportTrailers(searchText: string, includeDispatched: boolean) {
  return useMutation({
    mutationFn: (range: { startIndex: number; pageSize: number }) =>
      api.trailers.export({ query: { ...range, format: 'xlsx', searchText, includeDispatched } }, { action: true }),
  });
}
