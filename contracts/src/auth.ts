import { Type, type Static } from 'typebox';
export const Permissions = Type.Object(
  {
    dashboardVisible: Type.Boolean(),
    tasksVisible: Type.Boolean(),
    inventoryVisible: Type.Boolean(),
    containersVisible: Type.Boolean(),
    planningVisible: Type.Boolean(),
    machinesVisible: Type.Boolean(),
    trailersVisible: Type.Boolean(),
    itvVisible: Type.Boolean(),
    gateVisible: Type.Boolean(),
    usersVisible: Type.Boolean(),
    reportsVisible: Type.Boolean(),
    deviceLogsVisible: Type.Boolean(),
    chaVehiclesVisible: Type.Boolean(),
    crudEnabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type Permissions = Static<typeof Permissions>;

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type LoginBody = Static<typeof LoginBody>;

// The seeded role a role is (superadmin, admin, ...; rules/permissions.ts systemRoleOf), null for
// a role an admin created, whatever its name: powers go by this, never by the name.
export const SystemRoleSchema = Type.Union([
  Type.Literal('superadmin'),
  Type.Literal('admin'),
  Type.Literal('operator'),
  Type.Literal('manager'),
  Type.Literal('gatein'),
  Type.Literal('gateout'),
  Type.Literal('kiosk'),
  Type.Literal('display'),
  Type.Null(),
]);

export const UserInfo = Type.Object({
  id: Type.Integer(),
  userName: Type.String(),
  role: Type.String(),
  roleId: Type.Integer(),
  systemRole: SystemRoleSchema,
  landingPage: Type.String(),
  permissions: Permissions,
  lastAccess: Type.Union([Type.Integer(), Type.Null()]),
  sessionExpireInIdleMins: Type.Integer(),
});
export type UserInfo = Static<typeof UserInfo>;

export const LoginResponse = Type.Intersect([UserInfo, Type.Object({ token: Type.String() })]);
export type LoginResponse = Static<typeof LoginResponse>;
