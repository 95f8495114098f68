import { Type, type TSchema } from 'typebox';
import {
  ActivitiesQuery,
  Activity,
  ActivityGroup,
  ContainerSize,
  ContainerType,
  Customer,
  LinerInfo,
  MasterItemDeleted,
  MasterItemInput,
  MasterItemParams,
  MasterItemSaved,
  NamedItem,
} from '../../master-data';
import { YardLocation } from '../../yard-locations';
import { defineRoute } from '../route';

// The reference lists the forms pick from: any logged-in user reads them.
const tags = ['master data'];
// Keeping them (issue 22: the lists the spec only reads) is the administrators' screen /master-data.
const maintain = { roles: ['superadmin', 'admin'], write: true, screen: '/master-data' } as const;
const list = <const P extends string, S extends TSchema>(path: P, item: S) =>
  defineRoute({ method: 'GET', path, response: Type.Array(item), access: {}, tags });

export const masterData = {
  containerProcesses: list('/rest/container-processes', NamedItem),
  categories: list('/rest/categories', NamedItem),
  cargoTypes: list('/rest/cargo-types', NamedItem),
  deliveryModes: list('/rest/delivery-modes', NamedItem),
  // The yard zones: the YARD_ZONE yard locations, id and name (one source, docs/yard-locations.md).
  yardZones: list('/rest/yard-zones', NamedItem),
  // The yard's location polygons (spec 3 §7 master data yard-locations), for the task forms' places
  // and the maps; the Yard Locations page edits them (routes/yard-locations.ts).
  yardLocations: list('/rest/yard-locations', YardLocation),
  readerTypes: list('/rest/reader-types', NamedItem),
  machineTypes: list('/rest/machine-types', NamedItem),
  machineStatuses: list('/rest/machine-statuses', NamedItem),
  taskTypes: list('/rest/tasks/task-types', NamedItem),
  activityGroups: list('/rest/activity-groups', ActivityGroup),
  activities: defineRoute({
    method: 'GET',
    path: '/rest/activities',
    query: ActivitiesQuery,
    response: Type.Array(Activity),
    access: {},
    tags,
  }),
  containerSizes: list('/rest/container-sizes', ContainerSize),
  containerTypes: list('/rest/container-types', ContainerType),
  customers: list('/rest/customers', Customer),
  linerInfos: list('/rest/liner-infos', LinerInfo),
  liners: list('/rest/liners', NamedItem),
  // Master-data maintenance (issue 22): add, change and delete an item of a list, named by the
  // path segment of the list's GET call. Refused: a second item of the same name (or code, or
  // owner prefix), and deleting an item something uses (a liner in use by a container).
  createItem: defineRoute({
    method: 'POST',
    path: '/rest/master-data',
    body: MasterItemInput,
    response: MasterItemSaved,
    access: maintain,
    tags,
  }),
  updateItem: defineRoute({
    method: 'PUT',
    path: '/rest/master-data/:id',
    params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
    body: MasterItemInput,
    response: MasterItemSaved,
    access: maintain,
    tags,
  }),
  deleteItem: defineRoute({
    method: 'DELETE',
    path: '/rest/master-data/:list/:id',
    params: MasterItemParams,
    response: MasterItemDeleted,
    access: maintain,
    tags,
  }),
};
