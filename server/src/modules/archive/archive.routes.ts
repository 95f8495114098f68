import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { ArchiveService } from './archive.service';

// The archive calls (spec 3 §7: GET /rest/enterprise/archive; superadmin only).
export async function archiveRoutes(app: FastifyInstance, { archive }: { archive: ArchiveService }) {
  registerRoutes(app, routes.archive, {
    run: (request) => archive.archive(request.query, requirePrincipal(request)),
    latest: () => archive.latest(),
  });
}
