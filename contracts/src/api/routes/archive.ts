import { ArchiveLatest, ArchiveQuery, ArchiveResponse } from '../../archive';
import { defineRoute } from '../route';

// Only a superadmin may archive the database (spec 3 §6).
const superadmin = { roles: ['superadmin'] } as const;
const tags = ['archive'];

export const archive = {
  run: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/archive',
    query: ArchiveQuery,
    response: ArchiveResponse,
    access: superadmin,
    tags,
  }),
  latest: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/archive/latest',
    response: ArchiveLatest,
    access: superadmin,
    tags,
  }),
};
