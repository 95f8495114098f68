import { Type } from 'typebox';
import {
  YardLocation,
  YardLocationDeleted,
  YardLocationIdParams,
  YardLocationInput,
  YardLocationSaved,
} from '../../yard-locations';
import { defineRoute } from '../route';

// Yard locations (spec 3 §7 "GET/POST /rest/enterprise/yard-locations; PUT/DELETE .../{id}"): the
// Yard Locations page's calls. The polygons are the machines' places (a machine's zone on the
// machines screens), so whoever sees Machines reads them; drawing them is the admins' (the page is
// an administration page, spec 3 §1), with create/update rights on /yard-locations. Any signed-in
// user reads the list through the master-data call `/rest/yard-locations` (master-data.ts).
const read = { flag: 'machinesVisible' } as const;
const write = {
  flag: 'machinesVisible',
  roles: ['superadmin', 'admin'],
  write: true,
  screen: '/yard-locations',
} as const;
const tags = ['yard locations'];

export const yardLocations = {
  list: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/yard-locations',
    response: Type.Array(YardLocation),
    access: read,
    tags,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/yard-locations',
    body: YardLocationInput,
    response: YardLocationSaved,
    access: write,
    tags,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/yard-locations/:id',
    params: YardLocationIdParams,
    body: YardLocationInput,
    response: YardLocationSaved,
    access: write,
    tags,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/yard-locations/:id',
    params: YardLocationIdParams,
    response: YardLocationDeleted,
    access: write,
    tags,
  }),
};
