import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { YardAdminService } from './yard-admin.service';
import type { YardLayoutService } from '../yard';

// The yard calls of the catalogue (contracts/src/api/routes/yard.ts).
export async function yardRoutes(
  app: FastifyInstance,
  { layout, admin }: { layout: YardLayoutService; admin: YardAdminService },
) {
  registerRoutes(app, routes.yard, {
    layout: () => layout.layout(),
    mergeSlots: (request) => admin.mergeSlots(request.body),
    splitSlots: (request) => admin.splitSlots(request.body),
    splitArea: (request) => admin.splitArea(request.body, requirePrincipal(request)),
    bulkLocation: (request) => admin.bulkLocation(request.body),
  });
}
