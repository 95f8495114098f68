import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import type { YardLocationsService } from './yard-locations.service';

// The yard location calls of the catalogue (contracts/src/api/routes/yard-locations.ts).
export async function yardLocationsRoutes(
  app: FastifyInstance,
  { yardLocations }: { yardLocations: YardLocationsService },
) {
  registerRoutes(app, routes.yardLocations, {
    list: () => yardLocations.list(),
    create: (request) => yardLocations.create(request.body),
    update: (request) => yardLocations.update(request.params.id, request.body),
    delete: (request) => yardLocations.delete(request.params.id),
  });
}
