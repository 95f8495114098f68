import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { GateOperationsService } from './gate-operations.service';

// The gate clerk's calls of the catalogue (contracts/src/api/routes/gate-operations.ts).
export async function gateOperationsRoutes(
  app: FastifyInstance,
  { gateOperations }: { gateOperations: GateOperationsService },
) {
  registerRoutes(app, routes.gateOperations, {
    entryTag: ({ query }) => gateOperations.latestTag(query.gateId, 'entry'),
    exitTag: ({ query }) => gateOperations.latestTag(query.gateId, 'exit'),
    trailerTag: ({ query }) => gateOperations.latestTag(query.gateId, 'trailer'),
    exitTrailerTag: ({ query }) => gateOperations.latestTag(query.gateId, 'exitTrailer'),
    tagValid: ({ query }) => gateOperations.tagValid(query.tagId, query.containerNumber),
    gateIn: (request) => gateOperations.gateIn(request.body, requirePrincipal(request)),
    trailerGateIn: (request) => gateOperations.trailerGateIn(request.body, requirePrincipal(request)),
    dispatch: (request) => gateOperations.dispatch(request.query, requirePrincipal(request)),
    scanningDispatch: (request) => gateOperations.scanningDispatch(request.query, requirePrincipal(request)),
    retag: (request) => gateOperations.retag(request.body, requirePrincipal(request)),
    trucksInside: ({ query }) => gateOperations.trucksInside(query.gateId),
  });
}
