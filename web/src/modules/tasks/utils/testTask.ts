import type { Task } from '@openyard/contracts';

// A task as the server sends it, for the unit tests of this module.
export function testTask(taskId: number, changes: Partial<Task> = {}): Task {
  return {
    taskId,
    containerId: null,
    containerNumber: `MSCU${String(taskId).padStart(7, '0')}`,
    taskType: 'Offloading',
    deliveryMode: 'Loaded',
    fromLocation: 'Trailer',
    toLocation: 'Slot',
    toLocationDetails: 'A_01_01_1',
    assignedToMachine: 'RS-01',
    onPriority: false,
    parentTaskId: null,
    parentTaskCtrNumber: null,
    parentTaskCtrSize: null,
    generationDate: 1000 + taskId,
    generateDate: 1000 + taskId,
    completionDate: null,
    completedBy: null,
    completedByMachine: null,
    startedAt: null,
    startedByMachine: null,
    problem: null,
    status: 'pending',
    source: 'user',
    visitId: null,
    createdBy: 'admin',
    ...changes,
  };
}
