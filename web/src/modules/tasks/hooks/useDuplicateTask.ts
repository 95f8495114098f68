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

interface FindKey {
  containerNumber: string;
  taskType: string;
  from: string;
  to: string;
}
const keyOf = ({ containerNumber, taskType, fromLocation, toLocation }: DuplicateKey): FindKey => ({
  containerNumber: taskContainerNumber(containerNumber),
  taskType: taskType.trim(),
  from: fromLocation.trim(),
  to: toLocation.trim(),
});
const complete = (key: FindKey) => Boolean(key.containerNumber && key.taskType && key.from && key.to);
// The key once typing has paused; debounced as text, so that an equal key is the same value.
function useSettledKey(draft: DuplicateKey): FindKey {
  const [text] = useDebouncedValue(JSON.stringify(keyOf(draft)), 250);
  return JSON.parse(text) as FindKey;
}

// The duplicate check of spec 3 §5, on the fly: once container, type, from and to are set (and the
// typing has paused), GET /rest/tasks/find; the spec's message when another open task has them.
export function useDuplicateTask(draft: DuplicateKey): string | null {
  const key = useSettledKey(draft);
  const found = useQuery({
    queryKey: tasksQueryKeys.find(key.containerNumber, key.taskType, key.from, key.to),
    queryFn: () => api.tasks.find({ query: key }, { action: true }),
    enabled: complete(key),
    // Checked afresh each time a form asks: a task saved a moment ago is a duplicate now.
    staleTime: 0,
  });
  if (!complete(keyOf(draft)) || !found.data?.found || found.data.task?.taskId === draft.taskId) return null;
  return found.data.message;
}

// The same for ITV tasks, with the ITV message.
export function useDuplicateItvTask(draft: DuplicateKey): string | null {
  const key = useSettledKey(draft);
  const found = useQuery({
    queryKey: tasksQueryKeys.findItvTask(key.containerNumber, key.taskType, key.from, key.to),
    queryFn: () => api.tasks.findItvTask({ query: key }, { action: true }),
    enabled: complete(key),
    // Checked afresh each time a form asks: a task saved a moment ago is a duplicate now.
    staleTime: 0,
  });
  if (!complete(keyOf(draft)) || !found.data?.found || found.data.itvTask?.taskId === draft.taskId) return null;
  return found.data.message;
}
