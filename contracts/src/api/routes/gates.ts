import { Type } from 'typebox';
import { IdParams, StatusResponse } from '../../common';
import {
  DeleteGateQuery,
  DeviceCredentials,
  Gate,
  GateInput,
  GateReader,
  GateReaderInput,
  GateReaderSaved,
  GateSaved,
} from '../../gates';
import { defineRoute } from '../route';

// Gate screens read gates; gate-reader administration is the superadmin's (spec 1 §6).
const read = { flag: 'gateVisible' } as const;
const admin = { roles: ['superadmin'], write: true, screen: '/gate-readers' } as const;
const GateReaderParams = Type.Object({ gateId: Type.Integer({ minimum: 1 }), readerId: Type.Integer({ minimum: 1 }) });
const tags = ['gates'];

// Static paths come before /gate/:id so that they are not taken for ids.
export const gates = {
  list: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate',
    response: Type.Array(Gate),
    access: read,
    tags,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/gate',
    body: GateInput,
    response: GateSaved,
    access: admin,
    tags,
  }),
  unusedReaders: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/unused-readers',
    response: Type.Array(GateReader),
    access: read,
    tags,
  }),
  readers: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/reader',
    response: Type.Array(GateReader),
    access: read,
    tags,
  }),
  createReader: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/gate/reader',
    body: GateReaderInput,
    response: GateReaderSaved,
    access: admin,
    tags,
  }),
  updateReader: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/gate/reader/:id',
    params: IdParams,
    body: GateReaderInput,
    response: GateReaderSaved,
    access: admin,
    tags,
  }),
  deleteReader: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/gate/reader/:id',
    params: IdParams,
    response: StatusResponse,
    access: admin,
    tags,
  }),
  renewReaderCredentials: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/gate/reader/:id/credentials',
    params: IdParams,
    response: DeviceCredentials,
    access: admin,
    tags,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/:id',
    params: IdParams,
    response: Gate,
    access: read,
    tags,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/gate/:id',
    params: IdParams,
    body: GateInput,
    response: GateSaved,
    access: admin,
    tags,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/gate/:id',
    params: IdParams,
    query: DeleteGateQuery,
    response: StatusResponse,
    access: admin,
    tags,
  }),
  renewGateCredentials: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/gate/:id/credentials',
    params: IdParams,
    response: DeviceCredentials,
    access: admin,
    tags,
  }),
  // Disassociate (PUT) or delete (DELETE) a reader of a gate.
  disassociateReader: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/gate/:gateId/reader/:readerId',
    params: GateReaderParams,
    response: GateReaderSaved,
    access: admin,
    tags,
  }),
  deleteGateReader: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/gate/:gateId/reader/:readerId',
    params: GateReaderParams,
    response: StatusResponse,
    access: admin,
    tags,
  }),
};
