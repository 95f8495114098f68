import { IdParams, StatusResponse } from '../../common';
import { PreAdviceInput, PreAdviceSaved, PreAdvicesPage, PreAdvicesQuery, PreAdviceUploadBody } from '../../pre-advice';
import { UploadResult } from '../../trailers';
import { defineRoute } from '../route';

// The pre-advice store of the IN gates (issue 16). As the gate passes: everyone who sees the gate
// reads; writing is a create on /pre-advice (spec 3 §6 landing page rule) or crudEnabled. No
// feature switch: the clerk's gate-in uses pre-advices too, smart gate or not.
const read = { flag: 'gateVisible' } as const;
const write = { flag: 'gateVisible', write: true, screen: '/pre-advice' } as const;
const tags = ['pre-advice'];

export const preAdvices = {
  page: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/pre-advices',
    query: PreAdvicesQuery,
    response: PreAdvicesPage,
    access: read,
    tags,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/containers/pre-advices',
    body: PreAdviceInput,
    response: PreAdviceSaved,
    access: write,
    tags,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/containers/pre-advices/:id',
    params: IdParams,
    body: PreAdviceInput,
    response: PreAdviceSaved,
    access: write,
    tags,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/containers/pre-advices/:id',
    params: IdParams,
    response: StatusResponse,
    access: write,
    tags,
  }),
  // A sheet of pre-advices (xlsx or csv, a header row): one result per row; a refused row saves nothing.
  upload: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/containers/pre-advices/upload',
    body: PreAdviceUploadBody,
    bodyKind: 'multipart',
    response: UploadResult,
    access: write,
    tags,
  }),
};
