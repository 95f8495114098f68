import { MENU_ENTRIES } from './menu';
import { PERMISSION_FLAGS, type PermissionFlag, type SystemRole } from './permissions';

const roleList = (roles: readonly string[]) =>
  roles.length === 1 ? roles[0]! : `${roles.slice(0, -1).join(', ')} and ${roles[roles.length - 1]!}`;

// The flags a role's permission set carries without effect, each with why, for the role-permission
// screen: superadmin may do everything whatever its flags (spec 1 §6), and a menu entry shown only to
// some roles (inventory needs superadmin, spec 2 §6; users needs admin, spec 3 §6) ignores its flag
// for the others. Read from the menu's own rule, so the screen cannot say otherwise than the menu.
// `role` is the role's system role (systemRoleOf), null for a role an admin created.
export function permissionFlagsWithoutEffect(role: SystemRole | null): Partial<Record<PermissionFlag, string>> {
  if (role === 'superadmin')
    return Object.fromEntries(
      PERMISSION_FLAGS.map((flag) => [flag, 'Superadmin sees every menu and may create and update everywhere']),
    );
  const reasons: Partial<Record<PermissionFlag, string>> = {};
  for (const flag of PERMISSION_FLAGS) {
    const entries = MENU_ENTRIES.filter((entry) => entry.flag === flag);
    if (entries.length === 0 || entries.some((entry) => !entry.roles || (role !== null && entry.roles.includes(role))))
      continue;
    reasons[flag] = entries.map((entry) => `${entry.label} is shown only to ${roleList(entry.roles ?? [])}`).join('; ');
  }
  return reasons;
}
