import { ExportResponse, IdParams, StatusResponse } from '../../common';
import {
  ChangePasswordBody,
  User,
  UserCreate,
  UserSaved,
  UsersExportQuery,
  UsersPage,
  UsersQuery,
  UserUpdate,
} from '../../users';
import { defineRoute } from '../route';

// The users menu is for admin and superadmin only (spec 3 §6).
const read = { flag: 'usersVisible', roles: ['admin', 'superadmin'] } as const;
const write = { ...read, write: true, screen: '/users' } as const;
const tags = ['users'];

export const users = {
  page: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/users',
    query: UsersQuery,
    response: UsersPage,
    access: read,
    tags,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/users',
    body: UserCreate,
    response: UserSaved,
    access: write,
    tags,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/users',
    body: UserUpdate,
    response: UserSaved,
    access: write,
    tags,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/users/:id',
    params: IdParams,
    response: StatusResponse,
    access: write,
    tags,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/users/me',
    response: User,
    access: {},
    tags,
  }),
  // Every user may change their own password, whatever their menus.
  changePassword: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/users/changePassword',
    body: ChangePasswordBody,
    response: StatusResponse,
    access: {},
    tags,
  }),
  export: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/users/export',
    query: UsersExportQuery,
    response: ExportResponse,
    access: read,
    tags,
  }),
};
