import type { LiveTopicMessage, Task, TasksPage } from '@openyard/contracts';
import { REFETCH } from '../../../live/utils/LiveCollection';

// A live change of tasks on the page shown (topic `tasks`). Tasks of the page are replaced in place
// with their new state; what adds or removes rows (a new task, a deletion of a listed one, a listed
// task completed while completed ones are hidden) fetches the page again, whose order and count only
// the server knows. Changes of tasks on other pages change nothing here, so that a busy yard's
// stream does not refetch the page for every move elsewhere. ITV tasks have their own list.
export function withTaskChanges(
  page: TasksPage,
  message: LiveTopicMessage<'tasks'>,
  includeCompleted: boolean,
): TasksPage | typeof REFETCH {
  const listed = (taskId: number) => page.tasks.some((task) => task.taskId === taskId);
  switch (message.type) {
    case 'tasks.itvTask.v1':
    case 'tasks.machineDayCounted.v1':
      return page;
    case 'tasks.deleted.v1':
      return message.data.taskIds.some(listed) ? REFETCH : page;
    case 'tasks.changed.v1': {
      const { change, tasks } = message.data;
      if (change === 'created') return REFETCH;
      const mine = tasks.filter((task) => listed(task.taskId));
      if (!mine.length) return page;
      if (!includeCompleted && mine.some((task) => task.completionDate !== null)) return REFETCH;
      const byId = new Map<number, Task>(mine.map((task) => [task.taskId, task]));
      return { ...page, tasks: page.tasks.map((task) => byId.get(task.taskId) ?? task) };
    }
  }
}
