import { useState } from 'react';
import { Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArchive, IconChevronDown, IconKey, IconLogout } from '@tabler/icons-react';
import { hasRole, type UserInfo } from '@openyard/contracts';
import { ArchiveModal } from '../../modules/archive/components/ArchiveModal';
import { ChangePasswordModal } from '../../modules/users/components/ChangePasswordModal';
import { useLogout } from '../../modules/auth/hooks/useLogout';

function initials(name: string): string {
  const parts = name.split(/[\s._@-]+/).filter(Boolean);
  return (parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : name.slice(0, 2)).toUpperCase();
}

export function UserMenu({ user }: { user: UserInfo }) {
  const [changingPassword, setChangingPassword] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = useLogout();

  const onLogout = () => {
    setLoggingOut(true);
    void logout().finally(() => setLoggingOut(false));
  };

  return (
    <>
      <Menu position="bottom-end" width={220} withinPortal shadow="md">
        <Menu.Target>
          <UnstyledButton aria-label="User menu" data-testid="user-menu" px={6} py={4}>
            <Group gap="xs" wrap="nowrap">
              <Avatar size={30} radius="xl" color="harbour" variant="light">
                {initials(user.userName)}
              </Avatar>
              <Stack gap={0} visibleFrom="xs">
                <Text size="sm" fw={600} lh={1.2}>
                  {user.userName}
                </Text>
                <Text size="xs" c="dimmed" lh={1.2}>
                  {user.role}
                </Text>
              </Stack>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Group justify="space-between" wrap="nowrap">
              <Text size="xs" truncate>
                {user.userName}
              </Text>
              <Badge size="xs" variant="light">
                {user.role}
              </Badge>
            </Group>
          </Menu.Label>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setChangingPassword(true)}>
            Change password
          </Menu.Item>
          {/* Only a superadmin may archive the database (spec 3 §6); the server checks it too. */}
          {hasRole(user, 'superadmin') && (
            <Menu.Item
              leftSection={<IconArchive size={16} />}
              onClick={() => setArchiving(true)}
              data-testid="archive-open"
            >
              Archive database
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={onLogout} disabled={loggingOut}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
      {archiving && <ArchiveModal opened={archiving} onClose={() => setArchiving(false)} />}
    </>
  );
}
