import { inMachineQueue, machineQueueOrder, type LiveTopicMessage, type MachineQueue } from '@openyard/contracts';

// A machine terminal's queue kept by the live topic `tasks` (issue 17): every changed task leaves the
// queue and comes back only while it is in this machine's queue (open, and its own or ALL's), in the
// queue's order; a deleted task leaves. Exact, so the queue never has to be fetched again for a
// change: only a reconnect or a resync does that.
export function withQueueChange(queue: MachineQueue, message: LiveTopicMessage<'tasks'>): MachineQueue {
  switch (message.type) {
    case 'tasks.itvTask.v1':
    case 'tasks.machineDayCounted.v1':
      return queue;
    case 'tasks.deleted.v1': {
      const gone = new Set(message.data.taskIds);
      const tasks = queue.tasks.filter((task) => !gone.has(task.taskId));
      return tasks.length === queue.tasks.length ? queue : { ...queue, tasks };
    }
    case 'tasks.changed.v1': {
      const changed = new Map(message.data.tasks.map((task) => [task.taskId, task]));
      const kept = queue.tasks.filter((task) => !changed.has(task.taskId));
      const joining = [...changed.values()].filter((task) => inMachineQueue(task, queue.machineName));
      if (kept.length === queue.tasks.length && !joining.length) return queue;
      return { ...queue, tasks: [...kept, ...joining].sort(machineQueueOrder) };
    }
  }
}
