import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams, Rule, RuleInput, RuleSaved, StatusResponse } from '@openyard/contracts';
import { requirePrincipal } from '../../plugins/access';
import type { ConfigurationService } from './configuration.service';

// The configure screen shares the planning menu (spec 3 §2: planning is also active on configure)
// and the inventory grid shows rule colours. Editing needs create/update rights and the
// enterprise edition (checked by the service).
const read = { flag: ['inventoryVisible', 'planningVisible'] } as const;
const write = { ...read, write: true, screen: '/configure' } as const;
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['configuration'];

export const configurationRoutes: FastifyPluginAsyncTypebox<{ configuration: ConfigurationService }> = async (
  app,
  { configuration },
) => {
  app.get(
    '/rest/configuration/load',
    { config: { access: read }, schema: { tags, response: { 200: Type.Array(Rule) } } },
    () => configuration.load(),
  );
  app.post(
    '/rest/configuration',
    { config: { access: write }, schema: { tags, body: RuleInput, response: { 200: RuleSaved, ...errors } } },
    (request) => configuration.save(request.body, requirePrincipal(request)),
  );
  app.delete(
    '/rest/configuration/:id',
    { config: { access: write }, schema: { tags, params: IdParams, response: { 200: StatusResponse, ...errors } } },
    (request) => configuration.delete(request.params.id),
  );
};
