import { Type, type Static } from 'typebox';
import { Permissions, SystemRoleSchema } from './auth';
import { messages } from './messages';

export const Role = Type.Object({ id: Type.Integer(), name: Type.String(), adminCreated: Type.Boolean() });
export type Role = Static<typeof Role>;

export const RolesPage = Type.Object({ roles: Type.Array(Role), totalCount: Type.Integer() });
export type RolesPage = Static<typeof RolesPage>;

const RoleName = Type.String({
  minLength: 2,
  maxLength: 50,
  pattern: '^[A-Za-z0-9 _-]+$',
  errorMessage: messages.roleNameInvalid,
});
export const RoleCreate = Type.Object({ name: RoleName }, { additionalProperties: false });
export type RoleCreate = Static<typeof RoleCreate>;
export const RoleUpdate = Type.Object(
  { id: Type.Integer({ minimum: 1 }), name: RoleName },
  { additionalProperties: false },
);
export type RoleUpdate = Static<typeof RoleUpdate>;

export const RoleSaved = Type.Object({ responsestatus: Type.String(), message: Type.String(), role: Role });
export type RoleSaved = Static<typeof RoleSaved>;

// One permission set per role; `stored` is false when the role runs on the defaults of spec 3 §6.
export const RolePermissions = Type.Object({
  roleId: Type.Integer({ minimum: 1 }),
  roleName: Type.String(),
  systemRole: SystemRoleSchema,
  landingPage: Type.String(),
  stored: Type.Boolean(),
  permissions: Permissions,
});
export type RolePermissions = Static<typeof RolePermissions>;

export const RolePermissionsList = Type.Object({ rolePermissions: Type.Array(RolePermissions) });
export type RolePermissionsList = Static<typeof RolePermissionsList>;

export const RolePermissionsUpdate = Type.Object(
  {
    roleId: Type.Integer({ minimum: 1 }),
    landingPage: Type.String({ pattern: '^/[a-z0-9/-]*$', maxLength: 100, errorMessage: messages.landingPageInvalid }),
    permissions: Type.Partial(Permissions),
  },
  { additionalProperties: false },
);
export type RolePermissionsUpdate = Static<typeof RolePermissionsUpdate>;

export const RoleWithPermissions = Type.Intersect([
  Role,
  Type.Object({ landingPage: Type.String(), permissions: Permissions }),
]);
export type RoleWithPermissions = Static<typeof RoleWithPermissions>;
