import { useMutation } from '@tanstack/react-query';
import type { ExportResponse } from '@openyard/contracts';
import { http } from '../../../api/http';

// GET /rest/enterprise/users/export: the server writes a spreadsheet and returns its path.
export function useExportUsers() {
  return useMutation({
    mutationFn: (range: { startIndex: number; pageSize: number }) =>
      http.get<ExportResponse>('/rest/enterprise/users/export', { ...range, format: 'xlsx' }, { action: true }),
  });
}
