import { useState } from 'react';
import { ActionIcon, Badge, Button, Checkbox, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconDeviceFloppy } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  editablePermissionFlags,
  permissionFlagsWithoutEffect,
  type Permissions,
  type RolePermissions,
  type RolePermissionsUpdate,
  type SystemRole,
} from '@openyard/contracts';
import { DataTable } from '../../../ui/DataTable';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useRolePermissions } from '../hooks/useRolePermissions';
import { useSaveRolePermissions } from '../hooks/useSaveRolePermissions';
import { landingPageError } from '../utils/landingPageError';
import { permissionFlagLabels } from '../utils/permissionFlagLabels';

interface Draft {
  landingPage: string;
  permissions: Permissions;
}

// The Role Permissions tab (superadmin and admin): one row per role, one checkbox per menu flag the
// editor may grant (admins do not see inventory and device logs, spec 3 §6), the landing page, and
// a Save per changed row. A flag the role's menu ignores (inventory needs superadmin, users needs
// admin; superadmin ignores them all) is greyed with the reason on hover, still editable.
export function RolePermissionsTab({
  editor,
  canWrite,
}: {
  editor: { systemRole: SystemRole | null };
  canWrite: boolean;
}) {
  const list = useRolePermissions();
  const save = useSaveRolePermissions();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const flags = editablePermissionFlags(editor);

  const draftOf = (row: RolePermissions): Draft =>
    drafts[row.roleId] ?? { landingPage: row.landingPage, permissions: row.permissions };
  const isChanged = (row: RolePermissions): boolean => {
    const draft = drafts[row.roleId];
    if (!draft) return false;
    return (
      draft.landingPage !== row.landingPage || flags.some((flag) => draft.permissions[flag] !== row.permissions[flag])
    );
  };
  const edit = (row: RolePermissions, change: Partial<Draft>) => {
    const current = draftOf(row);
    setDrafts((previous) => ({ ...previous, [row.roleId]: { ...current, ...change } }));
  };
  const discard = (roleId: number) =>
    setDrafts((previous) => Object.fromEntries(Object.entries(previous).filter(([id]) => Number(id) !== roleId)));

  const saveRow = (row: RolePermissions) => {
    const draft = draftOf(row);
    const body: RolePermissionsUpdate = {
      roleId: row.roleId,
      landingPage: draft.landingPage.trim(),
      // Only the flags this editor may change are sent; the server keeps the others.
      permissions: Object.fromEntries(flags.map((flag) => [flag, draft.permissions[flag]])),
    };
    save.mutate(body, { onSuccess: () => discard(row.roleId) });
  };

  const columns: ColumnDef<RolePermissions>[] = [
    {
      id: 'role',
      header: 'Role',
      accessorFn: (row) => row.roleName,
      cell: ({ row }) => (
        <Stack gap={2} align="flex-start">
          <Text inherit fw={500} style={{ whiteSpace: 'nowrap' }}>
            {row.original.roleName}
          </Text>
          {!row.original.stored && (
            <Tooltip label="No stored permissions: this role runs on the defaults for its name">
              <Badge
                size="xs"
                variant="outline"
                color="gray"
                style={{ minWidth: 'max-content' }}
                data-testid={`role-permissions-defaults-${row.original.roleId}`}
              >
                defaults
              </Badge>
            </Tooltip>
          )}
        </Stack>
      ),
    },
    {
      id: 'landingPage',
      header: 'Landing page',
      cell: ({ row }) => {
        const value = draftOf(row.original).landingPage;
        return (
          <TextInput
            size="xs"
            w={110}
            aria-label={`Landing page of ${row.original.roleName}`}
            data-testid={`role-permissions-landing-${row.original.roleId}`}
            value={value}
            error={landingPageError(value)}
            disabled={!canWrite}
            onChange={(event) => edit(row.original, { landingPage: event.currentTarget.value })}
          />
        );
      },
    },
    {
      id: 'save',
      header: '',
      cell: ({ row }) => {
        const changed = isChanged(row.original);
        const saving = save.isPending && save.variables.roleId === row.original.roleId;
        return (
          <Group gap={2} wrap="nowrap">
            <Button
              size="compact-xs"
              leftSection={<IconDeviceFloppy size={12} />}
              disabled={!canWrite || !changed || landingPageError(draftOf(row.original).landingPage) !== null}
              loading={saving}
              onClick={() => saveRow(row.original)}
              data-testid={`role-permissions-save-${row.original.roleId}`}
            >
              Save
            </Button>
            {/* Always laid out, so that the matrix does not shift when a row changes. */}
            <Tooltip label="Undo changes">
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={`Undo changes of ${row.original.roleName}`}
                style={{ visibility: changed ? 'visible' : 'hidden' }}
                onClick={() => discard(row.original.roleId)}
                data-testid={`role-permissions-undo-${row.original.roleId}`}
              >
                <IconArrowBackUp size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
    ...flags.map((flag): ColumnDef<RolePermissions> => ({
      id: flag,
      header: () => (
        <Text inherit ta="center">
          {permissionFlagLabels[flag]}
        </Text>
      ),
      cell: ({ row }) => {
        const draft = draftOf(row.original);
        const noEffect = permissionFlagsWithoutEffect(row.original.systemRole)[flag];
        const box = (
          <Checkbox
            size="xs"
            mx="auto"
            w="fit-content"
            aria-label={`${permissionFlagLabels[flag]} for ${row.original.roleName}`}
            aria-description={noEffect ? `No effect for this role: ${noEffect}` : undefined}
            data-testid={`role-permissions-${flag}-${row.original.roleId}`}
            data-no-effect={noEffect ? true : undefined}
            style={noEffect ? { opacity: 0.35 } : undefined}
            checked={draft.permissions[flag]}
            disabled={!canWrite}
            onChange={(event) =>
              edit(row.original, { permissions: { ...draft.permissions, [flag]: event.currentTarget.checked } })
            }
          />
        );
        return noEffect ? (
          <Tooltip label={`No effect for this role: ${noEffect}`} withArrow>
            <div>{box}</div>
          </Tooltip>
        ) : (
          box
        );
      },
    })),
  ];

  return (
    <Stack gap="sm">
      <DataTable
        columns={columns}
        rows={list.data?.rolePermissions ?? []}
        rowKey={(row) => String(row.roleId)}
        loading={list.isPending}
        error={list.error ? errorMessageOf(list.error) : null}
        onRetry={() => void list.refetch()}
        emptyText="No roles found"
        dense
        minWidth={1150}
        label="Role permissions"
        testId="role-permissions-table"
      />
      <Text size="xs" c="dimmed" data-testid="role-permissions-no-effect-help">
        Greyed boxes have no effect for their role (a menu shown only to some roles, or superadmin, who sees every menu
        whatever its flags); hover one for why.
      </Text>
    </Stack>
  );
}
