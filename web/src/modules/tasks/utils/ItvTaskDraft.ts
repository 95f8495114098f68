import type { ItvTask, ItvTaskInput } from '@openyard/contracts';
import { taskContainerNumber } from '@openyard/contracts';

// What the ITV task create/edit modal holds (spec 3 §3 ITV task).
export interface ItvTaskDraft {
  taskId?: number;
  ctrId: number | null;
  containerNumber: string;
  size: string;
  taskType: string;
  trailer: string;
  fromLocation: string;
  toLocation: string;
  toLocationDetails: string;
}

export function emptyItvTaskDraft(): ItvTaskDraft {
  return {
    ctrId: null,
    containerNumber: '',
    size: '',
    taskType: '',
    trailer: '',
    fromLocation: '',
    toLocation: '',
    toLocationDetails: '',
  };
}

export function draftOfItvTask(task: ItvTask): ItvTaskDraft {
  return {
    taskId: task.taskId,
    ctrId: task.ctrId,
    containerNumber: task.containerNumber,
    size: task.size ?? '',
    taskType: task.taskType,
    trailer: task.trailer,
    fromLocation: task.fromLocation,
    toLocation: task.toLocation,
    toLocationDetails: task.toLocationDetails ?? '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

// What POST /rest/tasks/itv-tasks gets: the number's first 11 characters (spec 3 §5), blanks as null.
export function itvTaskInputOf(draft: ItvTaskDraft): ItvTaskInput {
  return {
    ...(draft.taskId === undefined ? {} : { taskId: draft.taskId }),
    ...(draft.ctrId === null ? {} : { ctrId: draft.ctrId }),
    containerNumber: taskContainerNumber(draft.containerNumber),
    size: orNull(draft.size),
    taskType: draft.taskType.trim(),
    trailer: draft.trailer.trim(),
    fromLocation: draft.fromLocation.trim(),
    toLocation: draft.toLocation.trim(),
    toLocationDetails: orNull(draft.toLocationDetails),
  };
}
