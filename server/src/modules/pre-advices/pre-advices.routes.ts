import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { PreAdvicesService } from './pre-advices.service';

// The pre-advice calls of the catalogue (contracts/src/api/routes/pre-advices.ts).
export async function preAdvicesRoutes(app: FastifyInstance, { preAdvices }: { preAdvices: PreAdvicesService }) {
  registerRoutes(app, routes.preAdvices, {
    page: ({ query }) => preAdvices.page(query),
    create: (request) => preAdvices.create(request.body, requirePrincipal(request)),
    update: ({ params, body }) => preAdvices.update(params.id, body),
    delete: ({ params }) => preAdvices.delete(params.id),
    upload: (request) => preAdvices.upload(request.body.file, requirePrincipal(request)),
  });
}
