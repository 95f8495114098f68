import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { dataRefreshIntervalMs, liveTopics, type ItvTasksPage, type ItvTasksQuery } from '@openyard/contracts';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';
import { withItvTaskChange } from '../utils/withItvTaskChange';

// GET /rest/tasks/itv-tasks: one page, kept live by the topic `tasks` and reloaded every
// dataRefreshRate seconds when that is above 30 (spec 3 §9).
export function useItvTasks(query: ItvTasksQuery) {
  const refreshRate = useAtomValue(metadataState)?.dataRefreshRate;
  const queryKey = tasksQueryKeys.itvTasksPage(query);
  const itvTasks = useQuery({
    queryKey,
    queryFn: () => api.tasks.itvTasks({ query }),
    placeholderData: keepPreviousData,
    refetchInterval: dataRefreshIntervalMs(refreshRate),
  });
  const liveRefusal = useLiveCollection<ItvTasksPage, 'tasks'>({
    queryKey,
    topic: liveTopics.tasks,
    apply: (current, message) => withItvTaskChange(current, message, query.includeCompleted ?? false),
  });
  return { itvTasks, liveRefusal };
}
