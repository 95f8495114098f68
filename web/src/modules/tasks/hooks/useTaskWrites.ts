import { useMutation } from '@tanstack/react-query';
import { joinIdList, messages, type TaskExportBody, type TaskInput, type UploadFile } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { saveBytes } from '../utils/saveBytes';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';

// The task writes of the screen: save (new tasks or an edit; its refusal shows on the form),
// complete, delete, move to another machine, the tasks sheet's upload (its per-row results are the
// screen's), and the task report (exportXls, then the file by GET /rest/tasks/download).
export function useTaskWrites(userName: string) {
  // The lists and the duplicate checks (a saved or deleted task changes what they find).
  const invalidates = [tasksQueryKeys.tasks, tasksQueryKeys.finds];
  const save = useNotifyingMutation({
    mutationFn: (body: TaskInput[]) => api.tasks.save({ body }),
    success: (reply) => messages.tasksSaved(reply.tasks.length),
    invalidates,
    quiet: true,
  });
  const complete = useNotifyingMutation({
    mutationFn: (taskIds: number[]) => api.tasks.complete({ body: { taskIds } }),
    success: (reply) => reply.message,
    invalidates,
  });
  const remove = useNotifyingMutation({
    mutationFn: (taskIds: number[]) => api.tasks.delete({ query: { taskIds: joinIdList(taskIds) } }),
    success: (reply) => reply.message,
    invalidates,
  });
  const transfer = useNotifyingMutation({
    mutationFn: (body: { taskIds: number[]; toMachine: string }) => api.tasks.transfer({ body }),
    success: (reply) => reply.message,
    invalidates,
    quiet: true,
  });
  const upload = useNotifyingMutation({
    mutationFn: (file: UploadFile) => api.tasks.upload({ body: { file, user: userName } }),
    invalidates,
  });
  const report = useMutation({
    mutationFn: async (body: TaskExportBody) => {
      const { filePath } = await api.tasks.exportXls({ body });
      const bytes = await api.tasks.download({ query: { reportName: filePath } }, { action: true });
      saveBytes(bytes, filePath.split('/').pop() ?? 'tasks.xlsx');
    },
  });
  return { save, complete, remove, transfer, upload, report };
}
