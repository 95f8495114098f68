import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePrincipal } from '../../plugins/access';
import type { ExportsService } from './exports.service';

export const exportsRoutes: FastifyPluginAsyncTypebox<{ exports: ExportsService }> = async (app, { exports }) => {
  // Any logged-in user; the service lets only the user who made the export fetch it.
  app.get(
    '/rest/exports/:token/:fileName',
    {
      config: { access: {} },
      schema: {
        tags: ['exports'],
        params: Type.Object({ token: Type.String({ maxLength: 36 }), fileName: Type.String({ maxLength: 200 }) }),
      },
    },
    async (request, reply) => {
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
  );
};
