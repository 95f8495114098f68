import { taskContainerNumber, type TaskInput } from '@openyard/contracts';
import type { TaskFormDraft } from './TaskFormDraft';

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

// What POST /rest/tasks gets for a form's task: the container number cut to its first 11
// characters (spec 3 §5), blanks as null.
export function taskInputOf(draft: TaskFormDraft): TaskInput {
  return {
    ...(draft.taskId === undefined ? {} : { taskId: draft.taskId }),
    ...(draft.containerId === null ? {} : { containerId: draft.containerId }),
    containerNumber: taskContainerNumber(draft.containerNumber),
    taskType: draft.taskType.trim(),
    deliveryMode: draft.deliveryMode.trim(),
    fromLocation: orNull(draft.fromLocation),
    toLocation: orNull(draft.toLocation),
    toLocationDetails: orNull(draft.toLocationDetails),
    assignedToMachine: draft.assignedToMachine.trim(),
    onPriority: draft.onPriority,
  };
}
