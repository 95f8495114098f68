import { useQuery } from '@tanstack/react-query';
import { liveTopics, messages, type MachineQueue } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';
import { withQueueChange } from '../utils/withQueueChange';

// The machine terminal's queue (issue 17), fetched once and kept by the topic `tasks`; fetched again
// after every reconnect or resync of the live layer, so a terminal that lost its network shows the
// queue as it is when it is back. And what the driver does: start, report a problem, complete.
export function useMachineQueue(machineName: string) {
  const queryKey = tasksQueryKeys.machineQueue(machineName);
  const queue = useQuery({
    queryKey,
    queryFn: () => api.tasks.machineQueue({ params: { machineName } }),
    retry: 1,
  });
  const liveRefusal = useLiveCollection<MachineQueue, 'tasks'>({
    queryKey,
    topic: liveTopics.tasks,
    apply: withQueueChange,
  });
  const invalidates = [queryKey];
  const start = useNotifyingMutation({
    mutationFn: (id: number) => api.tasks.startMachineTask({ params: { machineName, id } }),
    success: (reply) => messages.terminalTaskStarted(reply.task.containerNumber),
    invalidates,
  });
  const complete = useNotifyingMutation({
    mutationFn: (id: number) => api.tasks.completeMachineTask({ params: { machineName, id } }),
    success: (reply) => messages.terminalTaskDone(reply.task.containerNumber),
    invalidates,
  });
  const problem = useNotifyingMutation({
    mutationFn: ({ id, problem: text }: { id: number; problem: string }) =>
      api.tasks.reportMachineTaskProblem({ params: { machineName, id }, body: { problem: text } }),
    success: messages.terminalProblemReported,
    invalidates,
    quiet: true,
  });
  return { queue, liveRefusal, start, complete, problem };
}
