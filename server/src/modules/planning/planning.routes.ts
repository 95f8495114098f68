import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { PlanningService } from './planning.service';

// The planning calls of the catalogue (contracts/src/api/routes/planning.ts; spec 3 §7 Planning).
export async function planningRoutes(app: FastifyInstance, { planning }: { planning: PlanningService }) {
  registerRoutes(app, routes.planning, {
    nameAvailable: ({ params }) => planning.nameAvailable(params.name),
    queued: ({ query }) => planning.queued(query),
    plans: () => planning.plans(),
    suggest: ({ body }) => planning.suggest(body.containers),
    save: (request) => planning.save(request.body, requirePrincipal(request)),
    delete: (request) => planning.delete(request.params.id, requirePrincipal(request)),
    params: () => planning.params(),
    slotGroups: ({ params }) => planning.slotGroups(params.paramId),
    enginePlan: (request) => planning.startEngine(request.body, requirePrincipal(request)),
    engineJob: ({ params }) => planning.engineJob(params.jobId),
    binLocations: ({ body }) => planning.suggest(body.containers),
    rollback: (request) => planning.rollback(request.body.planId, requirePrincipal(request)),
    dispatch: ({ body }) => planning.dispatch(body),
  });
}
