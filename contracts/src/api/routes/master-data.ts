import { Type } from 'typebox';
import {
  ActivitiesQuery,
  Activity,
  ActivityGroup,
  ContainerSize,
  ContainerType,
  Customer,
  LinerInfo,
  NamedItem,
} from '../../master-data';
import { defineRoute } from '../route';

// The master lists every logged-in user reads (pickers, filters, forms).
const loggedIn = {} as const;
const tags = ['master data'];

function namedList<const P extends string>(path: P) {
  return defineRoute({ method: 'GET', path, response: Type.Array(NamedItem), access: loggedIn, tags });
}

export const masterData = {
  containerProcesses: namedList('/rest/container-processes'),
  categories: namedList('/rest/categories'),
  cargoTypes: namedList('/rest/cargo-types'),
  deliveryModes: namedList('/rest/delivery-modes'),
  yardZones: namedList('/rest/yard-zones'),
  readerTypes: namedList('/rest/reader-types'),
  machineTypes: namedList('/rest/machine-types'),
  machineStatuses: namedList('/rest/machine-statuses'),
  taskTypes: namedList('/rest/tasks/task-types'),
  activityGroups: defineRoute({
    method: 'GET',
    path: '/rest/activity-groups',
    response: Type.Array(ActivityGroup),
    access: loggedIn,
    tags,
  }),
  activities: defineRoute({
    method: 'GET',
    path: '/rest/activities',
    query: ActivitiesQuery,
    response: Type.Array(Activity),
    access: loggedIn,
    tags,
  }),
  containerSizes: defineRoute({
    method: 'GET',
    path: '/rest/container-sizes',
    response: Type.Array(ContainerSize),
    access: loggedIn,
    tags,
  }),
  containerTypes: defineRoute({
    method: 'GET',
    path: '/rest/container-types',
    response: Type.Array(ContainerType),
    access: loggedIn,
    tags,
  }),
  customers: defineRoute({
    method: 'GET',
    path: '/rest/customers',
    response: Type.Array(Customer),
    access: loggedIn,
    tags,
  }),
  linerInfos: defineRoute({
    method: 'GET',
    path: '/rest/liner-infos',
    response: Type.Array(LinerInfo),
    access: loggedIn,
    tags,
  }),
  liners: namedList('/rest/liners'),
};
