import type { ItvTasksPage, LiveTopicMessage } from '@openyard/contracts';
import { REFETCH } from '../../../live/utils/LiveCollection';

// A live ITV task change on the page shown (topic `tasks`, tasks.itvTask.v1): a listed ITV task is
// replaced in place; a new one, a deleted one or one completed while completed ones are hidden
// fetches the page again. Container tasks have their own list.
export function withItvTaskChange(
  page: ItvTasksPage,
  message: LiveTopicMessage<'tasks'>,
  includeCompleted: boolean,
): ItvTasksPage | typeof REFETCH {
  if (message.type !== 'tasks.itvTask.v1') return page;
  const { itvTaskId, itvTask } = message.data;
  const index = page.itvTasks.findIndex((task) => task.taskId === itvTaskId);
  if (index < 0 || !itvTask) return REFETCH;
  if (itvTask.completedDate !== null && !includeCompleted) return REFETCH;
  const itvTasks = [...page.itvTasks];
  itvTasks[index] = itvTask;
  return { ...page, itvTasks };
}
