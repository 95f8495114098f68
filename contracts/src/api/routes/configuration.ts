import { Type } from 'typebox';
import { IdParams, StatusResponse } from '../../common';
import { Rule, RuleInput, RuleSaved } from '../../configuration';
import { defineRoute } from '../route';

// The configure screen shares the planning menu (spec 3 §2: planning is also active on configure)
// and the inventory grid shows rule colours. Editing needs create/update rights and the
// enterprise edition (checked by the service).
const read = { flag: ['inventoryVisible', 'planningVisible'] } as const;
const write = { ...read, write: true, screen: '/configure' } as const;
const tags = ['configuration'];

export const configuration = {
  load: defineRoute({
    method: 'GET',
    path: '/rest/configuration/load',
    response: Type.Array(Rule),
    access: read,
    tags,
  }),
  save: defineRoute({
    method: 'POST',
    path: '/rest/configuration',
    body: RuleInput,
    response: RuleSaved,
    access: write,
    tags,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/rest/configuration/:id',
    params: IdParams,
    response: StatusResponse,
    access: write,
    tags,
  }),
};
