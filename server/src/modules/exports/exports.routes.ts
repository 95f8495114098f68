import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { ExportsService } from './exports.service';

// The exports call of the catalogue (contracts/src/api/routes/exports.ts): the file is streamed.
export async function exportsRoutes(app: FastifyInstance, { exports }: { exports: ExportsService }) {
  registerRoutes(app, routes.exports, {
    // Any logged-in user; the service lets only the user who made the export fetch it.
    download: async (request, reply) => {
      const { stream, size, contentType } = await exports.open(
        request.params.token,
        request.params.fileName,
        requirePrincipal(request),
      );
      return reply
        .header('Content-Type', contentType)
        .header('Content-Disposition', `attachment; filename="${request.params.fileName}"`)
        .header('Content-Length', size)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  });
}
