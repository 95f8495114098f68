import { Type } from 'typebox';
import { IdParams, OneBasedPageQuery, StatusResponse } from '../../common';
import { NamedItem } from '../../master-data';
import {
  RoleCreate,
  RolePermissions,
  RolePermissionsList,
  RolePermissionsUpdate,
  RoleSaved,
  RolesPage,
  RoleUpdate,
  RoleWithPermissions,
} from '../../roles';
import { defineRoute } from '../route';

// Roles are the superadmin's; role permissions the superadmin's and admin's (spec 3 §6).
const superadminOnly = { roles: ['superadmin'], write: true, screen: '/users' } as const;
const permissionEditors = { flag: 'usersVisible', roles: ['superadmin', 'admin'] } as const;
const tags = ['roles'];

export const roles = {
  page: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/roles',
    query: OneBasedPageQuery,
    response: RolesPage,
    access: { roles: ['superadmin'] },
    tags,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/roles',
    body: RoleCreate,
    response: RoleSaved,
    access: superadminOnly,
    tags,
  }),
  rename: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/roles',
    body: RoleUpdate,
    response: RoleSaved,
    access: superadminOnly,
    tags,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/roles/:id',
    params: IdParams,
    response: StatusResponse,
    access: superadminOnly,
    tags,
  }),
  permissions: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/roles/permissions',
    response: RolePermissionsList,
    access: permissionEditors,
    tags,
  }),
  updatePermissions: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/roles/permissions',
    body: RolePermissionsUpdate,
    response: Type.Intersect([RolePermissions, Type.Object({ message: Type.String() })]),
    access: { ...permissionEditors, write: true, screen: '/users' },
    tags,
  }),
  // The role list for the user form's role picker.
  names: defineRoute({
    method: 'GET',
    path: '/rest/roles',
    response: Type.Array(NamedItem),
    access: permissionEditors,
    tags,
  }),
  find: defineRoute({
    method: 'GET',
    path: '/rest/roles/:x',
    params: Type.Object({ x: Type.String({ minLength: 1, maxLength: 50 }) }),
    response: RoleWithPermissions,
    access: {},
    tags,
  }),
};
