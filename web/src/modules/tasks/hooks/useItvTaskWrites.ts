import { joinIdList, messages, type ItvTaskInput } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';

// The ITV task writes (spec 3 §2 ITV task create/edit modal): save (new, or edit with its id; the
// refusal shows on the form) and delete.
export function useItvTaskWrites() {
  const invalidates = [tasksQueryKeys.itvTasks, tasksQueryKeys.itvFinds];
  const save = useNotifyingMutation({
    mutationFn: (body: ItvTaskInput) => api.tasks.saveItvTask({ body }),
    success: messages.itvTaskSaved,
    invalidates,
    quiet: true,
  });
  const remove = useNotifyingMutation({
    mutationFn: (ids: number[]) => api.tasks.deleteItvTasks({ query: { itvTaskIds: joinIdList(ids) } }),
    success: (reply) => messages.itvTasksDeleted(reply.itvTaskIds.length),
    invalidates,
  });
  return { save, remove };
}
