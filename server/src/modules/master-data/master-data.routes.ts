import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { registerRoutes } from '../../lib/routes';
import { masterDataRepository, type NamedListName } from './master-data.repository';

// The master-data calls of the catalogue (contracts/src/api/routes/master-data.ts).
export async function masterDataRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const named = (list: NamedListName) => () => masterDataRepository.named(db, list);
  registerRoutes(app, routes.masterData, {
    containerProcesses: named('container-processes'),
    categories: named('categories'),
    cargoTypes: named('cargo-types'),
    deliveryModes: named('delivery-modes'),
    yardZones: named('yard-zones'),
    readerTypes: named('reader-types'),
    machineTypes: named('machine-types'),
    machineStatuses: named('machine-statuses'),
    taskTypes: named('task-types'),
    activityGroups: named('activity-groups'),
    activities: async (request) =>
      (await masterDataRepository.activities(db, request.query.activityGroup)).map(({ activity, group }) => ({
        id: activity.id,
        activityId: activity.id,
        activityName: activity.name,
        activityGroup: { id: group.id, name: group.name },
      })),
    containerSizes: () => masterDataRepository.sizes(db),
    containerTypes: () => masterDataRepository.types(db),
    customers: () => masterDataRepository.customers(db),
    linerInfos: () => masterDataRepository.linerInfos(db),
    liners: async () => (await masterDataRepository.linerInfos(db)).map(({ id, name }) => ({ id, name })),
  });
}
