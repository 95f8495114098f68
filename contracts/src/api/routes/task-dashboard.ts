import { ExportResponse } from '../../common';
import { TaskDashboardExportQuery, TaskDashboardQuery, TaskDashboardReport } from '../../task-dashboard';
import { defineRoute } from '../route';

// The task dashboard (spec 3 §7 Dashboard). Its figures are the tasks' and the machines' picks and
// drops, and it updates on the tasks topic, so it opens for whoever sees Tasks (tasksVisible), not
// the dashboard's flag: a role with dashboardVisible alone could read the figures but never watch
// the topic they change on. Exports are the enterprise edition's (spec 3 §1).
const read = { flag: 'tasksVisible' } as const;
const tags = ['task-dashboard'];

export const taskDashboard = {
  machines: defineRoute({
    method: 'GET',
    path: '/rest/dashboard/machines',
    query: TaskDashboardQuery,
    response: TaskDashboardReport,
    access: read,
    tags,
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: '/rest/dashboard/exportXls',
    query: TaskDashboardExportQuery,
    response: ExportResponse,
    access: read,
    feature: 'enterpriseVersion',
    tags,
  }),
};
