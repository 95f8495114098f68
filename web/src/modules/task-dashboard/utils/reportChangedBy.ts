import type { LiveTopicMessage, TaskDashboardReport } from '@openyard/contracts';

// Whether a message of the tasks topic may change the figures shown: a task completed inside the
// report's instants, or deleted tasks (a deleted completed task takes its count back; the message
// names ids only). A new, edited or moved task changes no figure; a report not loaded yet is
// reloaded anyway.
export function reportChangedBy(message: LiveTopicMessage<'tasks'>, report: TaskDashboardReport | undefined): boolean {
  if (message.type === 'tasks.deleted.v1') return true;
  if (message.type !== 'tasks.changed.v1' || message.data.change !== 'completed') return false;
  if (!report) return true;
  return message.data.tasks.some(
    (task) =>
      task.completionDate !== null && task.completionDate >= report.fromTime && task.completionDate <= report.toTime,
  );
}
