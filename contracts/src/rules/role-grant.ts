import { hasRole, isRole, systemRoleOf, type SystemRole } from './permissions';

// Who may give a user which role: the superadmin role only by a superadmin (spec 3 §6). The server
// refuses the rest; the Add user form offers only what this rule allows. The granter's power is its
// system role (a role an admin named "Super Admin" has none); a role whose origin is not known
// (the form's list has names only) is taken as the superadmin role when its name reads so.
export function mayGrantRole(
  granter: { readonly systemRole: SystemRole | null },
  role: { name: string; adminCreated?: boolean },
): boolean {
  const superadminRole =
    role.adminCreated === undefined
      ? isRole(role.name, 'superadmin')
      : systemRoleOf({ name: role.name, adminCreated: role.adminCreated }) === 'superadmin';
  return !superadminRole || hasRole(granter, 'superadmin');
}
