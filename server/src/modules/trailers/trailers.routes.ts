import type { FastifyInstance } from 'fastify';
import { PAGE_SIZES, routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { TrailersService } from './trailers.service';

// The trailers calls of the catalogue (contracts/src/api/routes/trailers.ts): trailer visits, PLA
// cards and permanent trailers, with the two sheet uploads (multipart, read by registerRoutes).
export async function trailersRoutes(app: FastifyInstance, { trailers }: { trailers: TrailersService }) {
  const limitOf = (query: { limit?: number | undefined }) => query.limit ?? PAGE_SIZES.trailers;
  registerRoutes(app, routes.trailers, {
    page: (request) => trailers.page(request.query, limitOf(request.query)),
    create: (request) => trailers.create(request.body, requirePrincipal(request)),
    update: (request) => trailers.update(request.body),
    delete: (request) => trailers.delete(request.params.id),
    dispatch: (request) => trailers.dispatch(request.query, requirePrincipal(request)),
    export: (request) => trailers.export(request.query, requirePrincipal(request)),
    plaCards: (request) => trailers.plaCards(request.query, limitOf(request.query)),
    createPlaCard: (request) => trailers.createPlaCard(request.body),
    updatePlaCard: (request) => trailers.updatePlaCard(request.body),
    deletePlaCard: (request) => trailers.deletePlaCard(request.params.id),
    uploadPlaCards: (request) => trailers.uploadPlaCards(request.body.file),
    permanent: (request) => trailers.permanent(request.query, limitOf(request.query)),
    createPermanent: (request) => trailers.createPermanent(request.body),
    updatePermanent: (request) => trailers.updatePermanent(request.body),
    deletePermanent: (request) => trailers.deletePermanent(request.params.id),
    uploadPermanent: (request) => trailers.uploadPermanent(request.body.file),
  });
}
