import { useState } from 'react';
import { Tabs } from '@mantine/core';
import { hasRole, routes } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { DisplayTokensTab } from './DisplayTokensTab';
import { RolePermissionsTab } from './RolePermissionsTab';
import { RolesTab } from './RolesTab';
import { UsersTab } from './UsersTab';

// /users: tabs Users, Roles (superadmin only) and Role Permissions (superadmin and admin), spec 3 §2,
// and Displays (superadmin and admin): the wall displays' tokens (issue 18).
export function UsersPage() {
  // The web only mirrors the server's rule, to disable what would be refused (spec 3 §6).
  const access = useScreenAccess({ write: routes.users.create.access });
  const [tab, setTab] = useState<string | null>('users');
  if (!access) return null;
  const { user, canWrite } = access;

  const showRoles = hasRole(user, 'superadmin');
  const showPermissions = hasRole(user, 'superadmin', 'admin');

  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="users" data-testid="users-tab-users">
          Users
        </Tabs.Tab>
        {showRoles && (
          <Tabs.Tab value="roles" data-testid="users-tab-roles">
            Roles
          </Tabs.Tab>
        )}
        {showPermissions && (
          <Tabs.Tab value="permissions" data-testid="users-tab-permissions">
            Role Permissions
          </Tabs.Tab>
        )}
        {showPermissions && (
          <Tabs.Tab value="displays" data-testid="users-tab-displays">
            Displays
          </Tabs.Tab>
        )}
      </Tabs.List>
      <Tabs.Panel value="users">
        <UsersTab canWrite={canWrite} />
      </Tabs.Panel>
      {showRoles && (
        <Tabs.Panel value="roles">
          <RolesTab canWrite={canWrite} />
        </Tabs.Panel>
      )}
      {showPermissions && (
        <Tabs.Panel value="permissions">
          <RolePermissionsTab editor={user} canWrite={canWrite} />
        </Tabs.Panel>
      )}
      {showPermissions && (
        <Tabs.Panel value="displays">
          <DisplayTokensTab canWrite={canWrite} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
