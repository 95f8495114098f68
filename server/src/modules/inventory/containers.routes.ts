import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AutocompleteQuery,
  ContainerInput,
  ContainerKeyParams,
  Container,
  ContainerSaved,
  ContainersExportQuery,
  ContainersPage,
  ContainersQuery,
  ContainerStatusQuery,
  ContainerStatusResponse,
  ContainerSuggestion,
  ErrorResponse,
  ExportResponse,
  MovementAlertUpdate,
  MovementsPage,
  StatusResponse,
} from '@openyard/contracts';
import { requirePrincipal } from '../../plugins/access';
import type { ContainersService } from './containers.service';

// The containers screen (spec 1 §6): reading needs the containers menu; editing, deleting and
// the movement alert need superadmin or create/update rights (crudEnabled, or the landing page).
// Lookups also serve the inventory and task screens.
const read = { flag: 'containersVisible' } as const;
const write = { flag: 'containersVisible', write: true, screen: '/containers' } as const;
const lookup = { flag: ['containersVisible', 'inventoryVisible', 'tasksVisible'] } as const;
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['containers'];
// The kiosk status page is public (spec 1 §2); its lookups are rate limited per address.
const KIOSK_STATUS_PER_MINUTE = 120;

export const containersRoutes: FastifyPluginAsyncTypebox<{ containers: ContainersService }> = async (
  app,
  { containers },
) => {
  // Yard tab: containers in the yard (not dispatched).
  app.get(
    '/rest/enterprise/containers',
    {
      config: { access: read },
      schema: { tags, querystring: ContainersQuery, response: { 200: ContainersPage } },
    },
    (request) => containers.page(request.query, true),
  );
  // All tab: every visit, dispatched ones included.
  app.get(
    '/rest/enterprise/containers/all',
    {
      config: { access: read },
      schema: { tags, querystring: ContainersQuery, response: { 200: ContainersPage } },
    },
    (request) => containers.page(request.query, false),
  );
  app.put(
    '/rest/enterprise/containers',
    {
      config: { access: write },
      schema: { tags, body: ContainerInput, response: { 200: ContainerSaved, ...errors } },
    },
    (request) => containers.save(request.body, requirePrincipal(request)),
  );
  app.get(
    '/rest/enterprise/containers/export',
    {
      config: { access: read },
      schema: { tags, querystring: ContainersExportQuery, response: { 200: ExportResponse } },
    },
    (request) => containers.export(request.query, requirePrincipal(request)),
  );
  app.get(
    '/rest/enterprise/containers/autocomplete',
    {
      config: { access: lookup },
      schema: { tags, querystring: AutocompleteQuery, response: { 200: Type.Array(Type.String()) } },
    },
    (request) => containers.autocomplete(request.query.query, request.query.limit, request.query.includeDispatched),
  );
  app.get(
    '/rest/enterprise/containers/autocomplete-object',
    {
      config: { access: lookup },
      schema: { tags, querystring: AutocompleteQuery, response: { 200: Type.Array(ContainerSuggestion) } },
    },
    (request) =>
      containers.autocompleteObjects(request.query.query, request.query.limit, request.query.includeDispatched),
  );
  app.get(
    '/rest/enterprise/containers/autocomplete-igm',
    {
      config: { access: lookup },
      schema: { tags, querystring: AutocompleteQuery, response: { 200: Type.Array(Type.String()) } },
    },
    (request) => containers.autocompleteIgm(request.query.query, request.query.limit),
  );
  app.get(
    '/rest/enterprise/containers/status',
    {
      config: {
        access: { public: true },
        rateLimit: { max: KIOSK_STATUS_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        querystring: ContainerStatusQuery,
        response: { 200: ContainerStatusResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    (request) => containers.status(request.query.igmNumber, request.query.itemNumber),
  );
  app.put(
    '/rest/enterprise/containers/update-movement-alert',
    {
      config: { access: write },
      schema: { tags, body: MovementAlertUpdate, response: { 200: StatusResponse, ...errors } },
    },
    (request) => containers.updateMovementAlert(request.body.containerIds, request.body.movementAlert),
  );
  app.get(
    '/rest/enterprise/containers/movements/:n',
    {
      config: { access: lookup },
      schema: { tags, params: ContainerKeyParams, response: { 200: MovementsPage, ...errors } },
    },
    (request) => containers.movements(request.params.n),
  );
  app.get(
    '/rest/enterprise/containers/:n',
    {
      config: { access: lookup },
      schema: { tags, params: ContainerKeyParams, response: { 200: Container, ...errors } },
    },
    (request) => containers.get(request.params.n),
  );
  app.delete(
    '/rest/enterprise/containers/:n',
    {
      config: { access: write },
      schema: { tags, params: ContainerKeyParams, response: { 200: StatusResponse, ...errors } },
    },
    (request) => containers.delete(request.params.n, requirePrincipal(request)),
  );
};
