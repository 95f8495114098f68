// Menu permissions, their defaults by role (spec 3 §6) and the access rule the server enforces.
export const PERMISSION_FLAGS = [
  'dashboardVisible',
  'tasksVisible',
  'inventoryVisible',
  'containersVisible',
  'planningVisible',
  'machinesVisible',
  'trailersVisible',
  'itvVisible',
  'gateVisible',
  'usersVisible',
  'reportsVisible',
  'deviceLogsVisible',
  'chaVehiclesVisible',
  'crudEnabled',
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export type PermissionSet = Record<PermissionFlag, boolean>;

// `display` is the control room's wall display (issue 18): no person signs in with it; a display
// token an admin made opens its session (display-tokens module), and it never changes anything.
// `kiosk` is a public kiosk (issue 21): signed in the same way, with a kiosk token.
export const SYSTEM_ROLES = [
  'superadmin',
  'admin',
  'operator',
  'manager',
  'gatein',
  'gateout',
  'kiosk',
  'display',
] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

// Roles are compared case-insensitively; 'Gate-In' and 'gate_in' are the gate-in role.
export function normalizeRoleName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

// The roles whose accounts sign in with a device token an admin made, never with a password
// (display-tokens module): a screen nobody sits at, whose session never goes idle.
export const DEVICE_TOKEN_ROLES = ['display', 'kiosk'] as const satisfies readonly SystemRole[];
export type DeviceTokenRole = (typeof DEVICE_TOKEN_ROLES)[number];
export function isDeviceTokenRole(role: SystemRole | null): role is DeviceTokenRole {
  return DEVICE_TOKEN_ROLES.some((deviceRole) => deviceRole === role);
}

// The public kiosk's pages (spec 2 §2): its token's sign-in lands on the start page.
export const KIOSK_START_PATH = '/start';

// Whether a name reads as one of the system roles. It grants nothing: an admin may create a role
// called "Super Admin". Powers go by `hasRole`, which asks what the role is, not what it is called.
export function isRole(name: string, ...roles: readonly SystemRole[]): boolean {
  const normalized = normalizeRoleName(name);
  return roles.some((role) => role === normalized);
}

// The system role a role is: one of the seeded roles (not created by an admin, and their names
// cannot be changed), matched by the row rather than by whatever an admin named a role of theirs.
export function systemRoleOf(role: { name: string; adminCreated: boolean }): SystemRole | null {
  if (role.adminCreated) return null;
  const normalized = normalizeRoleName(role.name);
  return SYSTEM_ROLES.find((system) => system === normalized) ?? null;
}

// Whether the principal's role is one of these system roles (see systemRoleOf).
export function hasRole(principal: { readonly systemRole: SystemRole | null }, ...roles: readonly SystemRole[]) {
  return principal.systemRole !== null && roles.includes(principal.systemRole);
}

// The wall display's screen (issue 18): full screen, no menu, opened by a display with its token.
export const WALL_PATH = '/wall';

const DISPLAY_FLAGS: readonly PermissionFlag[] = [
  'dashboardVisible',
  'inventoryVisible',
  'gateVisible',
  'machinesVisible',
];

const hidden = (set: PermissionSet, flags: readonly PermissionFlag[]): PermissionSet => {
  const next = { ...set };
  for (const flag of flags) next[flag] = false;
  return next;
};

// Defaults when a role has no stored permission set. Everything starts visible; inventory and
// device logs are for superadmin only, users for admin and superadmin; each role then loses what
// spec 3 §6 takes from it. Admin-defined roles keep the base menus but cannot create or update
// until an admin grants crudEnabled.
// `role` is the system role (systemRoleOf), null for a role an admin created.
export function defaultPermissions(role: SystemRole | null): PermissionSet {
  const all = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, true])) as PermissionSet;
  if (role === 'superadmin') return all;
  const base = hidden(all, ['inventoryVisible', 'deviceLogsVisible']);
  switch (role) {
    case 'admin':
      return base;
    case 'gatein':
    case 'gateout':
      return hidden(base, [
        'usersVisible',
        'dashboardVisible',
        'tasksVisible',
        'planningVisible',
        'machinesVisible',
        'reportsVisible',
        'itvVisible',
        'crudEnabled',
      ]);
    case 'operator':
      return hidden(base, ['usersVisible', 'dashboardVisible', 'gateVisible', 'itvVisible', 'reportsVisible']);
    case 'manager':
      return hidden(base, [
        'usersVisible',
        'gateVisible',
        'containersVisible',
        'tasksVisible',
        'planningVisible',
        'machinesVisible',
        'trailersVisible',
        'itvVisible',
        'crudEnabled',
      ]);
    case 'kiosk':
      return hidden(all, PERMISSION_FLAGS);
    // What the wall shows (the yard grid, the gates' queues, the machines, the dashboard's widgets);
    // nothing about staff (no users), and no create or update.
    case 'display':
      return hidden(
        all,
        PERMISSION_FLAGS.filter((flag) => !DISPLAY_FLAGS.includes(flag)),
      );
    default:
      return hidden(base, ['usersVisible', 'crudEnabled']);
  }
}

export function defaultLandingPage(role: SystemRole | null): string {
  switch (role) {
    case 'superadmin':
    case 'admin':
    case 'manager':
      return '/dashboard';
    case 'operator':
      return '/containers';
    case 'gatein':
    case 'gateout':
      return '/gate';
    case 'kiosk':
      return KIOSK_START_PATH;
    case 'display':
      return WALL_PATH;
    default:
      return '/main';
  }
}

// Admins may not grant the superadmin-only menus (spec 3 §6: the permissions list excludes them).
export function editablePermissionFlags(editor: { readonly systemRole: SystemRole | null }): readonly PermissionFlag[] {
  if (hasRole(editor, 'superadmin')) return PERMISSION_FLAGS;
  return PERMISSION_FLAGS.filter((flag) => flag !== 'inventoryVisible' && flag !== 'deviceLogsVisible');
}

export interface Principal {
  role: string;
  // The system role the user's role is (systemRoleOf), null for a role an admin created.
  systemRole: SystemRole | null;
  landingPage: string;
  permissions: PermissionSet;
}

// What a route needs. `public` routes need no login; an empty object needs only a session; a list
// of flags means any one of them (a call shared by two screens). `self`: a call about the caller's
// own session, which a kiosk makes too (see isAllowed).
// `write` needs create/update rights: crudEnabled, or the request comes from the user's landing
// page and the route belongs to that screen (spec 3 §6 "Create and edit are enabled if the
// landing page equals the current path or crudEnabled"); a call made from two screens lists both.
export type Access =
  | { readonly public: true }
  | {
      readonly flag?: PermissionFlag | readonly PermissionFlag[];
      readonly roles?: readonly SystemRole[];
      readonly write?: boolean;
      readonly screen?: string | readonly string[];
      readonly self?: true;
    };

export function isPublicAccess(access: Access): access is { readonly public: true } {
  return 'public' in access;
}

// A display reads and never writes, whatever permissions an admin gives its role: the server
// refuses it every state-changing request (the access plugin), declared write or not.
export function isReadOnlyPrincipal(principal: { readonly systemRole: SystemRole | null }): boolean {
  return hasRole(principal, 'display');
}

export function canCreateOrUpdate(
  principal: Principal,
  pagePath: string | undefined,
  screen?: string | readonly string[],
): boolean {
  if (isReadOnlyPrincipal(principal)) return false;
  if (hasRole(principal, 'superadmin') || principal.permissions.crudEnabled) return true;
  if (screen === undefined || pagePath !== principal.landingPage) return false;
  return typeof screen === 'string' ? screen === pagePath : screen.includes(pagePath);
}

export function isAllowed(access: Access, principal: Principal, pagePath: string | undefined): boolean {
  if (isPublicAccess(access)) return true;
  // Superadmin may do everything (spec 1 §6); its own permission edits cannot lock it out.
  if (hasRole(principal, 'superadmin')) return true;
  // A kiosk stands in a public place (issue 21): its session opens the calls declared for the kiosk
  // role and those about its own session, never the calls any signed-in person makes (the master
  // lists name the customers; a user's record, the gates, the exports are staff data).
  if (hasRole(principal, 'kiosk') && !access.self && !access.roles?.includes('kiosk')) return false;
  if (access.roles && !hasRole(principal, ...access.roles)) return false;
  if (access.flag && ![access.flag].flat().some((flag) => principal.permissions[flag])) return false;
  if (access.write && !canCreateOrUpdate(principal, pagePath, access.screen)) return false;
  return true;
}
