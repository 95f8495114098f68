import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { taskContainerNumber } from '@openyard/contracts';
import { api } from '../../../api/http';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';

export interface DuplicateKey {
  containerNumber: string;
  taskType: string;
  fromLocation: string;
  toLocation: string;
  // The task being edited: finding itself is no duplicate.
  taskId?: number;
}

const keyOf = ({ containerNumber, taskType, fromLocation, toLocation }: DuplicateKey) => ({
  containerNumber: taskContainerNumber(containerNumber),
  taskType: taskType.trim(),
  from: fromLocation.trim(),
  to: toLocation.trim(),
});
const complete = (key: ReturnType<typeof keyOf>) => Boolean(key.containerNumber && key.taskType && key.from && key.to);

// The duplicate check of spec 3 §5, on the fly: once container, type, from and to are set (and the
// typing has paused), GET /rest/tasks/find; the spec's message when another open task has them.
export function useDuplicateTask(draft: DuplicateKey): string | null {
  const [key] = useDebouncedValue(keyOf(draft), 250);
  const found = useQuery({
    queryKey: tasksQueryKeys.find(key.containerNumber, key.taskType, key.from, key.to),
    queryFn: () => api.tasks.find({ query: key }, { action: true }),
    enabled: complete(key),
  });
  if (!complete(keyOf(draft)) || !found.data?.found || found.data.task?.taskId === draft.taskId) return null;
  return found.data.message;
}

// The same for ITV tasks, with the ITV message.
export function useDuplicateItvTask(draft: DuplicateKey): string | null {
  const [key] = useDebouncedValue(keyOf(draft), 250);
  const found = useQuery({
    queryKey: tasksQueryKeys.findItvTask(key.containerNumber, key.taskType, key.from, key.to),
    queryFn: () => api.tasks.findItvTask({ query: key }, { action: true }),
    enabled: complete(key),
  });
  if (!complete(keyOf(draft)) || !found.data?.found || found.data.itvTask?.taskId === draft.taskId) return null;
  return found.data.message;
}
