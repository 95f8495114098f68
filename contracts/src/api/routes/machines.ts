import { Type } from 'typebox';
import { OneBasedPageQuery, StatusResponse } from '../../common';
import { DeviceCredentials } from '../../gates';
import {
  Itv,
  ItvInput,
  ItvNumbersQuery,
  ItvNumbersTaken,
  ItvsPage,
  Machine,
  MachineInput,
  MachineLocations,
  MachineNameQuery,
  MachinesYardMap,
  MachinesYardMapRequest,
  NameTaken,
} from '../../machines';
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
  // Whether a machine name is taken (the form asks when the field loses focus, spec 2 §5).
  nameTaken: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/machines/name-taken',
    query: MachineNameQuery,
    response: NameTaken,
    access: machinesRead,
    tags: ['machines'],
  }),
  // The machines on the yard map, to print or save as PNG (spec 2 §2, §7): what goes with the picture.
  yardMap: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/machines/yard-map',
    body: MachinesYardMapRequest,
    response: MachinesYardMap,
    access: machinesRead,
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
  // Whether an ITV number or a trailer number is taken by another ITV (spec 2 §5).
  itvNumbersTaken: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/itvs/numbers-taken',
    query: ItvNumbersQuery,
    response: ItvNumbersTaken,
    access: itvRead,
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
