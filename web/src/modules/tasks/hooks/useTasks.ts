import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { dataRefreshIntervalMs, liveTopics, type TasksPage, type TasksQuery } from '@openyard/contracts';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';
import { withTaskChanges } from '../utils/withTaskChanges';

// GET /rest/tasks: one page, kept live by the topic `tasks` (new, completed and moved tasks appear
// without a reload) and reloaded every dataRefreshRate seconds when that is above 30 (spec 3 §9).
// Returns the query and the hub's refusal, if any, for LiveUnavailableNotice.
export function useTasks(query: TasksQuery) {
  const refreshRate = useAtomValue(metadataState)?.dataRefreshRate;
  const queryKey = tasksQueryKeys.tasksPage(query);
  const tasks = useQuery({
    queryKey,
    queryFn: () => api.tasks.page({ query }),
    placeholderData: keepPreviousData,
    refetchInterval: dataRefreshIntervalMs(refreshRate),
  });
  const liveRefusal = useLiveCollection<TasksPage, 'tasks'>({
    queryKey,
    topic: liveTopics.tasks,
    apply: (current, message) => withTaskChanges(current, message, query.includeCompleted ?? false),
  });
  return { tasks, liveRefusal };
}
