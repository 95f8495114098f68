import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ErrorResponse,
  IdParams,
  messages,
  NamedItem,
  OneBasedPageQuery,
  RoleCreate,
  RolePermissions,
  RolePermissionsList,
  RolePermissionsUpdate,
  RoleSaved,
  RolesPage,
  RoleUpdate,
  RoleWithPermissions,
  StatusResponse,
} from '@openyard/contracts';
import { requirePrincipal } from '../../plugins/access';
import type { RolesService } from './roles.service';

// Roles are the superadmin's; role permissions the superadmin's and admin's (spec 3 §6).
const superadminOnly = { roles: ['superadmin'], write: true, screen: '/users' } as const;
const permissionEditors = { flag: 'usersVisible', roles: ['superadmin', 'admin'] } as const;
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export const rolesRoutes: FastifyPluginAsyncTypebox<{ roles: RolesService }> = async (app, { roles }) => {
  app.get(
    '/rest/enterprise/roles',
    {
      config: { access: { roles: ['superadmin'] } },
      schema: { tags: ['roles'], querystring: OneBasedPageQuery, response: { 200: RolesPage } },
    },
    (request) => roles.page(request.query.skip, request.query.limit ?? 15),
  );

  app.post(
    '/rest/enterprise/roles',
    {
      config: { access: superadminOnly },
      schema: { tags: ['roles'], body: RoleCreate, response: { 200: RoleSaved, ...errors } },
    },
    async (request) => ({
      responsestatus: 'success',
      message: messages.roleAdded,
      role: await roles.create(request.body.name),
    }),
  );

  app.put(
    '/rest/enterprise/roles',
    {
      config: { access: superadminOnly },
      schema: { tags: ['roles'], body: RoleUpdate, response: { 200: RoleSaved, ...errors } },
    },
    async (request) => ({
      responsestatus: 'success',
      message: messages.roleUpdated,
      role: await roles.rename(request.body.id, request.body.name),
    }),
  );

  app.delete(
    '/rest/enterprise/roles/:id',
    {
      config: { access: superadminOnly },
      schema: { tags: ['roles'], params: IdParams, response: { 200: StatusResponse, ...errors } },
    },
    async (request) => {
      await roles.delete(request.params.id);
      return { responsestatus: 'success', message: messages.roleDeleted };
    },
  );

  app.get(
    '/rest/enterprise/roles/permissions',
    { config: { access: permissionEditors }, schema: { tags: ['roles'], response: { 200: RolePermissionsList } } },
    async () => ({ rolePermissions: await roles.permissionsList() }),
  );

  app.put(
    '/rest/enterprise/roles/permissions',
    {
      config: { access: { ...permissionEditors, write: true, screen: '/users' } },
      schema: {
        tags: ['roles'],
        body: RolePermissionsUpdate,
        response: { 200: Type.Intersect([RolePermissions, Type.Object({ message: Type.String() })]), ...errors },
      },
    },
    async (request) => ({
      ...(await roles.updatePermissions(request.body, requirePrincipal(request))),
      message: messages.permissionsUpdated,
    }),
  );

  // The role list for the user form's role picker.
  app.get(
    '/rest/roles',
    { config: { access: permissionEditors }, schema: { tags: ['roles'], response: { 200: Type.Array(NamedItem) } } },
    () => roles.list(),
  );

  app.get(
    '/rest/roles/:x',
    {
      config: { access: {} },
      schema: {
        tags: ['roles'],
        params: Type.Object({ x: Type.String({ minLength: 1, maxLength: 50 }) }),
        response: { 200: RoleWithPermissions, ...errors },
      },
    },
    (request) => roles.find(request.params.x, requirePrincipal(request)),
  );
};
