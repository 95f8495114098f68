import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_RELOAD_COALESCE_MS, liveTopics, type TaskDashboardQuery } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { reportChangedBy } from '../utils/reportChangedBy';
import { taskDashboardQueryKeys } from '../utils/taskDashboardQueryKeys';

// GET /rest/dashboard/machines for the chosen period (null: nothing to ask, the selection has a
// problem), reloaded when the tasks topic says the machines' figures were counted in its period (a
// pick, a drop, a completed or deleted task; a figure is a sum over days: reloading is cheaper than
// a delta), a burst of them gathered into one reload; a resync or reconnect reloads too. No timed reload. Returns the query and the hub's refusal.
export function useTaskDashboard(query: TaskDashboardQuery | null) {
  const queryClient = useQueryClient();
  const report = useQuery({
    queryKey: taskDashboardQueryKeys.report(query ?? {}),
    queryFn: () => api.taskDashboard.machines({ query: query! }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  const reload = () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: taskDashboardQueryKeys.all });
    }, LIVE_RELOAD_COALESCE_MS.taskDashboard);
  };
  const liveRefusal = useLiveTopic(
    liveTopics.tasks,
    (message) => {
      if (reportChangedBy(message, report.data)) reload();
    },
    reload,
  );
  return { report, liveRefusal };
}
