import type { LiveTopicMessage, TaskDashboardReport } from '@openyard/contracts';

// Whether a message of the tasks topic may change the figures shown: the machines' day figures were
// counted (a pick, a drop — productive or waste —, a completed task, or a deleted completed task
// taken back) at instants that meet the report's period. Task messages themselves change no figure
// (a completion is counted by the same transaction, which says so); a report not loaded yet is
// reloaded anyway.
export function reportChangedBy(message: LiveTopicMessage<'tasks'>, report: TaskDashboardReport | undefined): boolean {
  if (message.type !== 'tasks.machineDayCounted.v1') return false;
  if (!report) return true;
  return message.data.from <= report.toTime && message.data.to >= report.fromTime;
}
