import type { FastifyInstance } from 'fastify';
import { idsOf, routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { MachineAllocationsService } from './machine-allocations.service';

// The machine allocation calls of the catalogue (contracts/src/api/routes/machine-allocations.ts).
export async function machineAllocationsRoutes(
  app: FastifyInstance,
  { allocations }: { allocations: MachineAllocationsService },
) {
  registerRoutes(app, routes.machineAllocations, {
    day: (request) => allocations.day(request.params.day),
    save: (request) => allocations.save(request.body, requirePrincipal(request)),
    delete: (request) => allocations.delete(idsOf(request.query)),
  });
}
