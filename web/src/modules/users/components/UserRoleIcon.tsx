import { ThemeIcon, Tooltip } from '@mantine/core';
import { IconCrown, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { isRole } from '@openyard/contracts';

// The users list marks superadmins, admins and everyone else with different icons (spec 3 §6).
export function UserRoleIcon({ roleName }: { roleName: string }) {
  const kind = isRole(roleName, 'superadmin') ? 'superadmin' : isRole(roleName, 'admin') ? 'admin' : 'other';
  const Icon = kind === 'superadmin' ? IconCrown : kind === 'admin' ? IconShieldCheck : IconUser;
  const color = kind === 'superadmin' ? 'yellow' : kind === 'admin' ? 'blue' : 'gray';
  return (
    <Tooltip label={roleName} withinPortal>
      <ThemeIcon size="sm" variant="light" color={color} aria-label={roleName} role="img" data-role-icon={kind}>
        <Icon size={14} />
      </ThemeIcon>
    </Tooltip>
  );
}
