import type { TaskDashboardQuery } from '@openyard/contracts';

// One root, so that a task event can reload every period the screen has shown.
export const taskDashboardQueryKeys = {
  all: ['task-dashboard'] as const,
  report: (query: TaskDashboardQuery) => ['task-dashboard', query] as const,
};
