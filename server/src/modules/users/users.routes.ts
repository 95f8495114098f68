import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangePasswordBody,
  ErrorResponse,
  ExportResponse,
  IdParams,
  messages,
  StatusResponse,
  User,
  UserCreate,
  UserSaved,
  UsersExportQuery,
  UsersPage,
  UsersQuery,
  UserUpdate,
} from '@openyard/contracts';
import { requirePrincipal } from '../../plugins/access';
import type { UsersService } from './users.service';

// The users menu is for admin and superadmin only (spec 3 §6).
const read = { flag: 'usersVisible', roles: ['admin', 'superadmin'] } as const;
const write = { ...read, write: true, screen: '/users' } as const;
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export const usersRoutes: FastifyPluginAsyncTypebox<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/rest/enterprise/users',
    {
      config: { access: read },
      schema: { tags: ['users'], querystring: UsersQuery, response: { 200: UsersPage } },
    },
    (request) => users.page(request.query.skip, request.query.limit ?? 15, requirePrincipal(request), request.query),
  );

  app.post(
    '/rest/enterprise/users',
    {
      config: { access: write },
      schema: { tags: ['users'], body: UserCreate, response: { 200: UserSaved, ...errors } },
    },
    async (request) => ({
      responsestatus: 'success',
      message: messages.userAdded,
      user: await users.create(request.body, requirePrincipal(request)),
    }),
  );

  app.put(
    '/rest/enterprise/users',
    {
      config: { access: write },
      schema: { tags: ['users'], body: UserUpdate, response: { 200: UserSaved, ...errors } },
    },
    async (request) => ({
      responsestatus: 'success',
      message: messages.userUpdated,
      user: await users.update(request.body, requirePrincipal(request)),
    }),
  );

  app.delete(
    '/rest/enterprise/users/:id',
    {
      config: { access: write },
      schema: { tags: ['users'], params: IdParams, response: { 200: StatusResponse, ...errors } },
    },
    async (request) => {
      await users.delete(request.params.id, requirePrincipal(request));
      return { responsestatus: 'success', message: messages.userDeleted };
    },
  );

  app.get(
    '/rest/enterprise/users/me',
    { config: { access: {} }, schema: { tags: ['users'], response: { 200: User } } },
    (request) => users.me(requirePrincipal(request)),
  );

  // Every user may change their own password, whatever their menus.
  app.post(
    '/rest/enterprise/users/changePassword',
    {
      config: { access: {} },
      schema: { tags: ['users'], body: ChangePasswordBody, response: { 200: StatusResponse, ...errors } },
    },
    (request) => users.changePassword(request.body, requirePrincipal(request)),
  );

  app.get(
    '/rest/enterprise/users/export',
    {
      config: { access: read },
      schema: { tags: ['users'], querystring: UsersExportQuery, response: { 200: ExportResponse } },
    },
    (request) =>
      users.export(
        request.query.startIndex ?? 1,
        request.query.pageSize,
        requirePrincipal(request),
        request.query.format,
        request.query,
      ),
  );
};
