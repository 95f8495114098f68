import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BulkLocationModel,
  ErrorResponse,
  SlotsModel,
  SplitAreaModel,
  YardLayout,
  YardOperationResult,
} from '@openyard/contracts';
import { requirePrincipal } from '../../plugins/access';
import type { YardAdminService } from './yard-admin.service';
import type { YardLayoutService } from '../yard';

// The inventory's admin menu is the superadmin's (spec 2 §6).
const admin = { roles: ['superadmin'], write: true, screen: '/inventory' } as const;
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['yard'];

export const yardRoutes: FastifyPluginAsyncTypebox<{ layout: YardLayoutService; admin: YardAdminService }> = async (
  app,
  { layout, admin: yardAdmin },
) => {
  // Public: the web loads it before login (spec 1 §2) and the public kiosk maps draw it.
  app.get(
    '/rest/yard/layout',
    { config: { access: { public: true } }, schema: { tags, response: { 200: YardLayout } } },
    () => layout.layout(),
  );

  app.post(
    '/rest/yard/merge-slots',
    {
      config: { access: admin },
      schema: { tags, body: SlotsModel, response: { 200: YardOperationResult, ...errors } },
    },
    (request) => yardAdmin.mergeSlots(request.body),
  );
  app.post(
    '/rest/yard/split-slots',
    {
      config: { access: admin },
      schema: { tags, body: SlotsModel, response: { 200: YardOperationResult, ...errors } },
    },
    (request) => yardAdmin.splitSlots(request.body),
  );
  app.post(
    '/rest/yard/split-area',
    {
      config: { access: admin },
      schema: { tags, body: SplitAreaModel, response: { 200: YardOperationResult, ...errors } },
    },
    (request) => yardAdmin.splitArea(request.body, requirePrincipal(request)),
  );
  app.post(
    '/rest/yard/bulk-location',
    {
      config: { access: admin },
      schema: { tags, body: BulkLocationModel, response: { 200: YardOperationResult, ...errors } },
    },
    (request) => yardAdmin.bulkLocation(request.body),
  );
};
