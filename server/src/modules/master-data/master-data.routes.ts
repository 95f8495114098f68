import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import type { NamedListName } from './master-data.repository';
import type { YardLocationsService } from '../yard-locations';
import type { MasterDataService } from './master-data.service';

// The master-data calls of the catalogue (contracts/src/api/routes/master-data.ts).
export async function masterDataRoutes(
  app: FastifyInstance,
  { masterData, yardLocations }: { masterData: MasterDataService; yardLocations: YardLocationsService },
) {
  const named = (list: NamedListName) => () => masterData.named(list);
  registerRoutes(app, routes.masterData, {
    containerProcesses: named('container-processes'),
    categories: named('categories'),
    cargoTypes: named('cargo-types'),
    deliveryModes: named('delivery-modes'),
    // The yard zones are the YARD_ZONE yard locations (docs/yard-locations.md): one source.
    yardZones: () => yardLocations.zones(),
    yardLocations: () => yardLocations.list(),
    readerTypes: named('reader-types'),
    machineTypes: named('machine-types'),
    machineStatuses: named('machine-statuses'),
    taskTypes: named('task-types'),
    activityGroups: named('activity-groups'),
    activities: (request) => masterData.activities(request.query.activityGroup),
    containerSizes: () => masterData.sizes(),
    containerTypes: () => masterData.types(),
    customers: () => masterData.customers(),
    linerInfos: () => masterData.linerInfos(),
    liners: () => masterData.liners(),
    createItem: (request) => masterData.create(request.body),
    updateItem: (request) => masterData.update(request.params.id, request.body),
    deleteItem: (request) => masterData.delete(request.params.list, request.params.id),
  });
}
