import { isRole } from './permissions';

// Who may give a user which role: the superadmin role only by a superadmin (spec 3 §6). The server
// refuses the rest; the Add user form offers only what this rule allows.
export function mayGrantRole(granterRole: string, roleName: string): boolean {
  return !isRole(roleName, 'superadmin') || isRole(granterRole, 'superadmin');
}
