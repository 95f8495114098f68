import type { TaskDashboardQuery } from '@openyard/contracts';
import { api, downloadFile } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';

// GET /rest/dashboard/exportXls for the period shown, then the file's download; a refusal is the
// spec's alert with the server's words.
export function useTaskDashboardExport() {
  return useNotifyingMutation({
    mutationFn: async (query: TaskDashboardQuery) => {
      const { filePath } = await api.taskDashboard.exportXls({ query }, { action: true });
      downloadFile(filePath);
      return filePath;
    },
  });
}
