import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DeviceCredentials,
  ErrorResponse,
  Itv,
  ItvInput,
  ItvsPage,
  Machine,
  MachineInput,
  MachineLocations,
  OneBasedPageQuery,
  StatusResponse,
} from '@openyard/contracts';
import { lockedFeature } from '../../errors';
import type { MachinesService } from './machines.service';

// Machines and ITV screens: superadmin, admin and operator count as admin (spec 2 §6).
const machinesRead = { flag: 'machinesVisible' } as const;
const machinesWrite = {
  flag: 'machinesVisible',
  roles: ['superadmin', 'admin', 'operator'],
  write: true,
  screen: '/machines',
} as const;
const itvRead = { flag: 'itvVisible' } as const;
const itvWrite = {
  flag: 'itvVisible',
  roles: ['superadmin', 'admin', 'operator'],
  write: true,
  screen: '/itvs',
} as const;
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export const machinesRoutes: FastifyPluginAsyncTypebox<{ machines: MachinesService; enterprise: boolean }> = async (
  app,
  { machines, enterprise },
) => {
  app.get(
    '/rest/enterprise/machines',
    { config: { access: machinesRead }, schema: { tags: ['machines'], response: { 200: Type.Array(Machine) } } },
    () => machines.machines(),
  );
  app.post(
    '/rest/enterprise/machines',
    {
      config: { access: machinesWrite },
      schema: {
        tags: ['machines'],
        body: MachineInput,
        response: { 200: Type.Object({ machine: Machine, credentials: Type.Optional(DeviceCredentials) }), ...errors },
      },
    },
    (request) => machines.saveMachine(request.body),
  );
  // Task screens and the dashboard show where machines are; tasks need the tasks menu or machines.
  app.get(
    '/rest/tasks/machine-locations',
    { config: { access: machinesRead }, schema: { tags: ['machines'], response: { 200: MachineLocations } } },
    () => machines.locations(),
  );

  app.get(
    '/rest/enterprise/itvs',
    {
      config: { access: itvRead },
      schema: { tags: ['itvs'], querystring: OneBasedPageQuery, response: { 200: ItvsPage } },
    },
    (request) => machines.itvs(request.query.skip, request.query.limit ?? 15),
  );
  app.post(
    '/rest/enterprise/itvs',
    {
      config: { access: itvWrite },
      schema: {
        tags: ['itvs'],
        body: ItvInput,
        response: { 200: Type.Object({ itv: Itv, credentials: Type.Optional(DeviceCredentials) }), ...errors },
      },
    },
    (request) => machines.createItv(request.body),
  );
  app.put(
    '/rest/enterprise/itvs',
    {
      config: { access: itvWrite },
      schema: { tags: ['itvs'], body: ItvInput, response: { 200: Type.Object({ itv: Itv }), ...errors } },
    },
    (request) => machines.updateItv(request.body),
  );
  // Deleting ITVs needs the enterprise version (spec 2 §5).
  app.delete(
    '/rest/enterprise/itvs',
    {
      config: { access: itvWrite },
      schema: {
        tags: ['itvs'],
        querystring: Type.Object({ ids: Type.String({ minLength: 1, maxLength: 2000 }) }),
        response: { 200: StatusResponse, ...errors },
      },
    },
    async (request) => {
      if (!enterprise) throw lockedFeature();
      const deleted = await machines.deleteItvs(request.query.ids);
      return { responsestatus: 'success', message: `${deleted} deleted` };
    },
  );
};
