import type { FastifyInstance } from 'fastify';
import { PAGE_SIZES, routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { DashboardService } from './dashboard.service';

// The dashboard's calls of the catalogue (contracts/src/api/routes/dashboard.ts).
export async function dashboardRoutes(app: FastifyInstance, { dashboard }: { dashboard: DashboardService }) {
  registerRoutes(app, routes.enterpriseDashboard, {
    areaContainers: () => dashboard.areaContainers(),
    emptySlots: () => dashboard.emptySlots(),
    processContainers: (request) => dashboard.processContainers(request.query.groupBy),
    ageWiseContainers: () => dashboard.ageWiseContainers(),
    gateInReport: () => dashboard.gateInReport(),
    gateInReportMonth: (request) => dashboard.gateInReportMonth(request.params.id),
    monthlyMovements: () => dashboard.monthlyMovements(),
    machineTasks: (request) => dashboard.machineTasks(request.query.days),
    yardTrailers: () => dashboard.yardTrailers(),
    yardTrailersDetailed: (request) =>
      dashboard.yardTrailersDetailed(request.query.skip, request.query.limit ?? PAGE_SIZES.dashboardTrailers),
    layout: (request) => dashboard.layout(requirePrincipal(request).userId),
    saveLayout: (request) => dashboard.saveLayout(requirePrincipal(request).userId, request.body),
  });
}
