import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes, type RouteExtras } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { InventoryService } from './inventory.service';

// The inventory calls of the catalogue (contracts/src/api/routes/inventory.ts).
// The yard map is public (spec 1 §2: kiosk and mobile search): it counts in the public calls' limits.
export async function inventoryRoutes(
  app: FastifyInstance,
  { inventory, publicLimits }: { inventory: InventoryService; publicLimits: RouteExtras },
) {
  registerRoutes(
    app,
    routes.inventory,
    {
      yardContainers: (request) => inventory.yardContainers(request.query.includePlanned ?? false),
      areaContainers: (request) => inventory.areaContainers(request.params.area, request.query.includePlanned ?? false),
      igmContainers: (request) => inventory.igmContainers(request.params.igm),
      // The full snapshot is served from a copy kept per inventory version; with lastUpdated only
      // the changes since are sent.
      load: async (request, reply) => {
        const includePlanned = request.query.includePlanned ?? false;
        if (request.query.lastUpdated !== undefined)
          return inventory.changesSince(request.query.lastUpdated, includePlanned);
        const body = await inventory.snapshotJson(includePlanned);
        // Already serialised: Fastify sends a string with a JSON content type as it is.
        return reply.type('application/json; charset=utf-8').send(body);
      },
      // Gzipped when the client accepts it, 304 when the client already has this version.
      grid: async (request, reply) => {
        const body = await inventory.gridBody(request.query.includePlanned ?? false);
        reply.header('etag', body.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
        // A 304 has no body: nothing is serialised, no content length is announced.
        if (request.headers['if-none-match'] === body.etag) return reply.code(304).send(undefined);
        reply.type('application/json; charset=utf-8');
        const encodings = request.headers['accept-encoding'];
        if (typeof encodings === 'string' && /\bgzip\b/.test(encodings))
          return reply.header('content-encoding', 'gzip').send(body.gzipped);
        // Already serialised: Fastify sends a Buffer as it is.
        return reply.send(body.json);
      },
      container: (request) => inventory.container(request.params.n),
      location: (request) => inventory.location(request.params.n),
      yardMap: (request) => inventory.yardMap(request.query.containerNumbers, request.query.medium),
      updateLocation: async (request) => {
        const containers = await inventory.updateLocations(request.body, requirePrincipal(request));
        return {
          responsestatus: 'success',
          message: `${containers.length} location${containers.length === 1 ? '' : 's'} updated`,
          containers,
        };
      },
    },
    { yardMap: publicLimits },
  );
}
