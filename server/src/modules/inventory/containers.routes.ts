import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes, type RouteExtras } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { ContainersService } from './containers.service';

// The containers calls of the catalogue (contracts/src/api/routes/containers.ts).
// The kiosk status call is public (spec 1 §2): it counts in the public calls' limits.
export async function containersRoutes(
  app: FastifyInstance,
  { containers, publicLimits }: { containers: ContainersService; publicLimits: RouteExtras },
) {
  registerRoutes(
    app,
    routes.containers,
    {
      inYard: (request) => containers.page(request.query, true),
      all: (request) => containers.page(request.query, false),
      save: (request) => containers.save(request.body, requirePrincipal(request)),
      export: (request) => containers.export(request.query, requirePrincipal(request)),
      autocomplete: ({ query }) => containers.autocomplete(query.query, query.limit, query.includeDispatched),
      autocompleteObjects: ({ query }) =>
        containers.autocompleteObjects(query.query, query.limit, query.includeDispatched),
      autocompleteIgm: ({ query }) => containers.autocompleteIgm(query.query, query.limit),
      status: ({ query }) => containers.status(query.igmNumber, query.itemNumber),
      updateMovementAlert: (request) =>
        containers.updateMovementAlert(request.body.containerIds, request.body.movementAlert, requirePrincipal(request)),
      movements: ({ params }) => containers.movements(params.n),
      get: ({ params }) => containers.get(params.n),
      delete: (request) => containers.delete(request.params.n, requirePrincipal(request)),
    },
    { status: publicLimits },
  );
}
