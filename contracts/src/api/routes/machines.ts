import { Type } from 'typebox';
import { OneBasedPageQuery, StatusResponse } from '../../common';
import { DeviceCredentials } from '../../gates';
import { Itv, ItvInput, ItvsPage, Machine, MachineInput, MachineLocations } from '../../machines';
import { defineRoute } from '../route';

// Machines and ITV screens: superadmin, admin and operator count as admin (spec 2 §6).
const admins = ['superadmin', 'admin', 'operator'] as const;
const machinesRead = { flag: 'machinesVisible' } as const;
const machinesWrite = { flag: 'machinesVisible', roles: admins, write: true, screen: '/machines' } as const;
const itvRead = { flag: 'itvVisible' } as const;
const itvWrite = { flag: 'itvVisible', roles: admins, write: true, screen: '/itvs' } as const;

export const machines = {
  list: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/machines',
    response: Type.Array(Machine),
    access: machinesRead,
    tags: ['machines'],
  }),
  save: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/machines',
    body: MachineInput,
    response: Type.Object({ machine: Machine, credentials: Type.Optional(DeviceCredentials) }),
    access: machinesWrite,
    tags: ['machines'],
  }),
  // Task screens and the dashboard show where machines are.
  locations: defineRoute({
    method: 'GET',
    path: '/rest/tasks/machine-locations',
    response: MachineLocations,
    access: machinesRead,
    tags: ['machines'],
  }),
  itvs: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/itvs',
    query: OneBasedPageQuery,
    response: ItvsPage,
    access: itvRead,
    tags: ['itvs'],
  }),
  createItv: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/itvs',
    body: ItvInput,
    response: Type.Object({ itv: Itv, credentials: Type.Optional(DeviceCredentials) }),
    access: itvWrite,
    tags: ['itvs'],
  }),
  updateItv: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/itvs',
    body: ItvInput,
    response: Type.Object({ itv: Itv }),
    access: itvWrite,
    tags: ['itvs'],
  }),
  // Deleting ITVs needs the enterprise version (spec 2 §5).
  deleteItvs: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/itvs',
    query: Type.Object({ ids: Type.String({ minLength: 1, maxLength: 2000 }) }),
    response: StatusResponse,
    access: itvWrite,
    feature: 'enterpriseVersion',
    tags: ['itvs'],
  }),
};
