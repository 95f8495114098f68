import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DeleteGateQuery,
  DeviceCredentials,
  ErrorResponse,
  Gate,
  GateInput,
  GateReader,
  GateReaderInput,
  GateReaderSaved,
  GateSaved,
  IdParams,
  StatusResponse,
} from '@openyard/contracts';
import type { GatesService } from './gates.service';

// Gate screens read gates; gate-reader administration is the superadmin's (spec 1 §6).
const read = { flag: 'gateVisible' } as const;
const admin = { roles: ['superadmin'], write: true, screen: '/gate-readers' } as const;
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const GateReaderParams = Type.Object({ gateId: Type.Integer({ minimum: 1 }), readerId: Type.Integer({ minimum: 1 }) });
const tags = ['gates'];

export const gatesRoutes: FastifyPluginAsyncTypebox<{ gates: GatesService }> = async (app, { gates }) => {
  app.get(
    '/rest/enterprise/gate',
    { config: { access: read }, schema: { tags, response: { 200: Type.Array(Gate) } } },
    () => gates.gates(),
  );
  app.post(
    '/rest/enterprise/gate',
    { config: { access: admin }, schema: { tags, body: GateInput, response: { 200: GateSaved, ...errors } } },
    async (request) => ({ responsestatus: 'success', ...(await gates.createGate(request.body)) }),
  );

  // Static paths before /gate/:id so they are not taken for ids.
  app.get(
    '/rest/enterprise/gate/unused-readers',
    { config: { access: read }, schema: { tags, response: { 200: Type.Array(GateReader) } } },
    () => gates.unusedReaders(),
  );
  app.get(
    '/rest/enterprise/gate/reader',
    { config: { access: read }, schema: { tags, response: { 200: Type.Array(GateReader) } } },
    () => gates.readers(),
  );
  app.post(
    '/rest/enterprise/gate/reader',
    {
      config: { access: admin },
      schema: { tags, body: GateReaderInput, response: { 200: GateReaderSaved, ...errors } },
    },
    async (request) => ({ responsestatus: 'success', ...(await gates.createReader(request.body)) }),
  );
  app.put(
    '/rest/enterprise/gate/reader/:id',
    {
      config: { access: admin },
      schema: { tags, params: IdParams, body: GateReaderInput, response: { 200: GateReaderSaved, ...errors } },
    },
    async (request) => ({ responsestatus: 'success', ...(await gates.updateReader(request.params.id, request.body)) }),
  );
  app.delete(
    '/rest/enterprise/gate/reader/:id',
    { config: { access: admin }, schema: { tags, params: IdParams, response: { 200: StatusResponse, ...errors } } },
    async (request) => {
      await gates.deleteReader(request.params.id);
      return { responsestatus: 'success' };
    },
  );
  app.post(
    '/rest/enterprise/gate/reader/:id/credentials',
    { config: { access: admin }, schema: { tags, params: IdParams, response: { 200: DeviceCredentials, ...errors } } },
    (request) => gates.renewReaderCredentials(request.params.id),
  );

  app.get(
    '/rest/enterprise/gate/:id',
    { config: { access: read }, schema: { tags, params: IdParams, response: { 200: Gate, ...errors } } },
    (request) => gates.gate(request.params.id),
  );
  app.put(
    '/rest/enterprise/gate/:id',
    {
      config: { access: admin },
      schema: { tags, params: IdParams, body: GateInput, response: { 200: GateSaved, ...errors } },
    },
    async (request) => ({ responsestatus: 'success', ...(await gates.updateGate(request.params.id, request.body)) }),
  );
  app.delete(
    '/rest/enterprise/gate/:id',
    {
      config: { access: admin },
      schema: { tags, params: IdParams, querystring: DeleteGateQuery, response: { 200: StatusResponse, ...errors } },
    },
    async (request) => {
      await gates.deleteGate(request.params.id, request.query.deleteReaders ?? false);
      return { responsestatus: 'success' };
    },
  );
  app.post(
    '/rest/enterprise/gate/:id/credentials',
    { config: { access: admin }, schema: { tags, params: IdParams, response: { 200: DeviceCredentials, ...errors } } },
    (request) => gates.renewGateCredentials(request.params.id),
  );

  // Disassociate (PUT) or delete (DELETE) a reader of a gate.
  app.put(
    '/rest/enterprise/gate/:gateId/reader/:readerId',
    {
      config: { access: admin },
      schema: { tags, params: GateReaderParams, response: { 200: GateReaderSaved, ...errors } },
    },
    async (request) => ({
      responsestatus: 'success',
      ...(await gates.disassociateReader(request.params.gateId, request.params.readerId)),
    }),
  );
  app.delete(
    '/rest/enterprise/gate/:gateId/reader/:readerId',
    {
      config: { access: admin },
      schema: { tags, params: GateReaderParams, response: { 200: StatusResponse, ...errors } },
    },
    async (request) => {
      await gates.deleteReader(request.params.readerId, request.params.gateId);
      return { responsestatus: 'success' };
    },
  );
};
