import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { TaskDashboardService } from './task-dashboard.service';

// The task dashboard's calls of the catalogue (contracts/src/api/routes/task-dashboard.ts).
export async function taskDashboardRoutes(
  app: FastifyInstance,
  { taskDashboard }: { taskDashboard: TaskDashboardService },
) {
  // The rollup's stale rows (the first start after the upgrade that adds it, another TIME_ZONE) are
  // built as the server starts rather than on the first reader's request; a failure is logged and
  // the next read tries again.
  app.addHook('onReady', async () => {
    void taskDashboard
      .ensureCurrent()
      .catch((error: unknown) => app.log.error({ err: error }, 'task dashboard rollup'));
  });
  registerRoutes(app, routes.taskDashboard, {
    machines: (request) => taskDashboard.machines(request.query),
    exportXls: (request) => taskDashboard.exportXls(request.query, requirePrincipal(request)),
  });
}
