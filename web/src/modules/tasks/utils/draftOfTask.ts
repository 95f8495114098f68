import type { Task } from '@openyard/contracts';
import type { TaskFormDraft } from './TaskFormDraft';

// The form's draft of an existing task, for its edit (spec 3 §4: a task can be edited).
export function draftOfTask(task: Task): TaskFormDraft {
  return {
    taskId: task.taskId,
    containerId: task.containerId,
    containerNumber: task.containerNumber,
    taskType: task.taskType,
    deliveryMode: task.deliveryMode ?? '',
    fromLocation: task.fromLocation ?? '',
    toLocation: task.toLocation ?? '',
    toLocationDetails: task.toLocationDetails ?? '',
    assignedToMachine: task.assignedToMachine,
    onPriority: task.onPriority,
  };
}
