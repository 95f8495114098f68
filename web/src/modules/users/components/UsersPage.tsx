import { useState } from 'react';
import { Tabs } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router';
import { canCreateOrUpdate, hasRole } from '@openyard/contracts';
import { currentUserState } from '../../../app/states/currentUserState';
import { principalOf } from '../../../app/utils/principalOf';
import { RolePermissionsTab } from './RolePermissionsTab';
import { RolesTab } from './RolesTab';
import { UsersTab } from './UsersTab';

// /users: tabs Users, Roles (superadmin only) and Role Permissions (superadmin and admin), spec 3 §2.
export function UsersPage() {
  const user = useAtomValue(currentUserState);
  const { pathname } = useLocation();
  const [tab, setTab] = useState<string | null>('users');
  if (!user) return null;

  const showRoles = hasRole(user, 'superadmin');
  const showPermissions = hasRole(user, 'superadmin', 'admin');
  // The web only mirrors the server's rule, to disable what would be refused (spec 3 §6).
  const canWrite = canCreateOrUpdate(principalOf(user), pathname, '/users');

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
    </Tabs>
  );
}
