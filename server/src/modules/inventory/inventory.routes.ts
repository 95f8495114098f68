import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AreaContainersQuery,
  AreaParams,
  ContainerKeyParams,
  ContainerLocation,
  ErrorResponse,
  IgmParams,
  InventoryContainer,
  InventoryGrid,
  InventoryLoadQuery,
  InventorySnapshot,
  inventoryWriteAccess,
  LocationUpdateBody,
  LocationUpdateResult,
  YardMapQuery,
  YardMapResponse,
} from '@openyard/contracts';
import { requirePrincipal } from '../../plugins/access';
import type { InventoryService } from './inventory.service';

// The inventory screen needs inventoryVisible (a superadmin grant, spec 3 §6); container info,
// location and IGM lookups serve the containers screen too. Location updates follow the inventory
// write rule of contracts, shared with both screens.
const inventory = { flag: 'inventoryVisible' } as const;
const lookup = { flag: ['inventoryVisible', 'containersVisible'] } as const;
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['inventory'];
// Kiosk and mobile search are public pages (spec 1 §2); their lookups are rate limited per address.
const PUBLIC_SEARCH_PER_MINUTE = 120;

export const inventoryRoutes: FastifyPluginAsyncTypebox<{ inventory: InventoryService }> = async (
  app,
  { inventory: service },
) => {
  app.get(
    '/rest/yard/containers',
    {
      config: { access: inventory },
      schema: { tags, querystring: AreaContainersQuery, response: { 200: Type.Array(InventoryContainer) } },
    },
    (request) => service.yardContainers(request.query.includePlanned ?? false),
  );
  app.get(
    '/rest/yard/containers/:area',
    {
      config: { access: inventory },
      schema: {
        tags,
        params: AreaParams,
        querystring: AreaContainersQuery,
        response: { 200: Type.Array(InventoryContainer), ...errors },
      },
    },
    (request) => service.areaContainers(request.params.area, request.query.includePlanned ?? false),
  );
  app.get(
    '/rest/yard/igm-containers/:igm',
    {
      config: { access: lookup },
      schema: { tags, params: IgmParams, response: { 200: Type.Array(InventoryContainer), ...errors } },
    },
    (request) => service.igmContainers(request.params.igm),
  );
  // The snapshot every inventory screen loads; the full one is served from a copy kept per
  // inventory version. With lastUpdated only the changes since are sent.
  app.get(
    '/rest/yard/load',
    {
      config: { access: inventory },
      schema: { tags, querystring: InventoryLoadQuery, response: { 200: InventorySnapshot } },
    },
    async (request, reply) => {
      const includePlanned = request.query.includePlanned ?? false;
      if (request.query.lastUpdated !== undefined)
        return service.changesSince(request.query.lastUpdated, includePlanned);
      const body = await service.snapshotJson(includePlanned);
      // Already serialised: Fastify sends a string with a JSON content type as it is.
      return reply.type('application/json; charset=utf-8').send(body as unknown as InventorySnapshot);
    },
  );
  // The compact snapshot the inventory grid draws (one array per field), gzipped when the client
  // accepts it, 304 when the client already has this version (If-None-Match).
  app.get(
    '/rest/yard/grid',
    {
      config: { access: inventory },
      schema: { tags, querystring: AreaContainersQuery, response: { 200: InventoryGrid, 304: Type.Null() } },
    },
    async (request, reply) => {
      const body = await service.gridBody(request.query.includePlanned ?? false);
      reply.header('etag', body.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      // A 304 has no body: nothing is serialised, no content length is announced.
      if (request.headers['if-none-match'] === body.etag) return reply.code(304).send(undefined as unknown as null);
      reply.type('application/json; charset=utf-8');
      const encodings = request.headers['accept-encoding'];
      if (typeof encodings === 'string' && /\bgzip\b/.test(encodings))
        return reply.header('content-encoding', 'gzip').send(body.gzipped as unknown as InventoryGrid);
      // Already serialised: Fastify sends a Buffer as it is.
      return reply.send(body.json as unknown as InventoryGrid);
    },
  );
  app.get(
    '/rest/yard/container/:n',
    {
      config: { access: lookup },
      schema: { tags, params: ContainerKeyParams, response: { 200: InventoryContainer, ...errors } },
    },
    (request) => service.container(request.params.n),
  );
  app.get(
    '/rest/yard/location/:n',
    {
      config: { access: lookup },
      schema: { tags, params: ContainerKeyParams, response: { 200: ContainerLocation, ...errors } },
    },
    (request) => service.location(request.params.n),
  );
  app.get(
    '/rest/enterprise/containers/yard-map',
    {
      config: { access: { public: true }, rateLimit: { max: PUBLIC_SEARCH_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags,
        querystring: YardMapQuery,
        response: { 200: YardMapResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    (request) => service.yardMap(request.query.containerNumbers, request.query.medium),
  );
  app.post(
    '/rest/yard/updateLocation',
    {
      config: { access: inventoryWriteAccess },
      schema: { tags, body: LocationUpdateBody, response: { 200: LocationUpdateResult, ...errors } },
    },
    async (request) => {
      const containers = await service.updateLocations(request.body, requirePrincipal(request));
      return {
        responsestatus: 'success',
        message: `${containers.length} location${containers.length === 1 ? '' : 's'} updated`,
        containers,
      };
    },
  );
};
