import { ALL_MACHINES } from '@openyard/contracts';

// What the add-task and edit-task forms hold: the fields of a task as typed (spec 3 §3 Task).
export interface TaskFormDraft {
  taskId?: number;
  containerId: number | null;
  containerNumber: string;
  taskType: string;
  deliveryMode: string;
  fromLocation: string;
  toLocation: string;
  toLocationDetails: string;
  assignedToMachine: string;
  onPriority: boolean;
}

// A new task before anything is chosen: the machine is ALL until one is (spec 1 §9).
export function emptyTaskDraft(containerNumber = ''): TaskFormDraft {
  return {
    containerId: null,
    containerNumber,
    taskType: '',
    deliveryMode: '',
    fromLocation: '',
    toLocation: '',
    toLocationDetails: '',
    assignedToMachine: ALL_MACHINES,
    onPriority: false,
  };
}
