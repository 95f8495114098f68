import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes, type RouteExtras } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { KioskService } from './kiosk.service';

// The kiosk calls of the catalogue (contracts/src/api/routes/kiosk.ts). A status link is public:
// it counts in the public calls' limits (lib/public-limits.ts).
export async function kioskRoutes(
  app: FastifyInstance,
  { kiosk, publicLimits }: { kiosk: KioskService; publicLimits: RouteExtras },
) {
  registerRoutes(
    app,
    routes.kiosk,
    {
      taskChoices: () => kiosk.taskChoices(),
      igmContainers: (request) => kiosk.igmContainers(request.query.igmItem),
      saveTasks: (request) => kiosk.saveTasks(request.body, requirePrincipal(request)),
      issueStatusLink: (request) => kiosk.issueStatusLink(request.body.containerId, requirePrincipal(request)),
      revokeStatusLink: (request) => kiosk.revokeStatusLink(request.params.token),
      track: (request) => kiosk.track(request.params.token),
    },
    { track: publicLimits },
  );
}
