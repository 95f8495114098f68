import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { AlarmsService } from '../alarms';
import type { ReportsService } from './reports.service';

// The reports calls of the catalogue (contracts/src/api/routes/reports.ts) and the open alarms.
export async function reportsRoutes(
  app: FastifyInstance,
  { reports, alarms }: { reports: ReportsService; alarms: AlarmsService },
) {
  const { report, exportReport } = reports;
  registerRoutes(app, routes.reports, {
    gateIn: ({ query }) => report('gateIn', query),
    gateInExport: (request) => exportReport('gateIn', request.query, requirePrincipal(request)),
    gateOut: ({ query }) => report('gateOut', query),
    gateOutExport: (request) => exportReport('gateOut', request.query, requirePrincipal(request)),
    expiredTags: ({ query }) => report('expiredTags', query),
    expiredTagsExport: (request) => exportReport('expiredTags', request.query, requirePrincipal(request)),
    inventory: ({ query }) => report('inventory', query),
    inventoryExport: (request) => exportReport('inventory', request.query, requirePrincipal(request)),
    containerMovements: ({ query }) => report('containerMovements', query),
    containerMovementsExport: (request) => exportReport('containerMovements', request.query, requirePrincipal(request)),
    locationStatistics: ({ query }) => report('locationStatistics', query),
    locationStatisticsExport: (request) => exportReport('locationStatistics', request.query, requirePrincipal(request)),
    dwellTime: ({ query }) => report('dwellTime', query),
    dwellTimeExport: (request) => exportReport('dwellTime', request.query, requirePrincipal(request)),
    offloadingLocations: ({ query }) => report('offloadingLocations', query),
    offloadingLocationsExport: (request) =>
      exportReport('offloadingLocations', request.query, requirePrincipal(request)),
    machineMovementsSummary: ({ query }) => report('machineMovementsSummary', query),
    machineMovementsSummaryExport: (request) =>
      exportReport('machineMovementsSummary', request.query, requirePrincipal(request)),
    machineMovementsDetailed: ({ query }) => report('machineMovementsDetailed', query),
    machineMovementsDetailedExport: (request) =>
      exportReport('machineMovementsDetailed', request.query, requirePrincipal(request)),
    machineBreakdown: ({ query }) => report('machineBreakdown', query),
    machineBreakdownExport: (request) => exportReport('machineBreakdown', request.query, requirePrincipal(request)),
    machineWorkingStatus: ({ query }) => report('machineWorkingStatus', query),
    machineWorkingStatusExport: (request) =>
      exportReport('machineWorkingStatus', request.query, requirePrincipal(request)),
    trailers: ({ query }) => report('trailers', query),
    trailersExport: (request) => exportReport('trailers', request.query, requirePrincipal(request)),
    loadedTrailers: ({ query }) => report('trailers', query, true),
    loadedTrailersExport: (request) => exportReport('trailers', request.query, requirePrincipal(request), true),
    alarms: ({ query }) => report('alarms', query),
    alarmsExport: (request) => exportReport('alarms', request.query, requirePrincipal(request)),
    openAlarms: ({ query }) => alarms.open(query),
  });
}
