import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { ChaService } from './cha.service';

// The CHA calls of the catalogue (contracts/src/api/routes/cha.ts).
export async function chaRoutes(app: FastifyInstance, { cha }: { cha: ChaService }) {
  registerRoutes(app, routes.cha, {
    deliveryTypes: () => cha.deliveryTypes(),
    search: (request) => cha.search(request.query.query),
    equipments: () => cha.equipments(),
    create: (request) => cha.create(request.body),
    agent: (request) => cha.agent(request.params.id),
    allocation: (request) => cha.allocation(request.params.id),
    createAllocation: (request) => cha.createAllocation(request.params.id, request.body, requirePrincipal(request)),
    updateAllocation: (request) =>
      cha.updateAllocation(request.params.id, request.params.allocId, request.body, requirePrincipal(request)),
    updateContacts: (request) => cha.updateContacts(request.params.id, request.body),
    agentsForActivity: (request) => cha.agentsForActivity(request.params.activity),
    vehicleDetail: (request) => cha.vehicleDetail(request.params.id, request.params.activity),
  });
}
