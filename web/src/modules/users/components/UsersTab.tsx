import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconCheck,
  IconDoorEnter,
  IconFileExport,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useAtomValue } from 'jotai';
import { messages, routes, USER_SORT_FIELDS, type User, type UserSortField, PAGE_SIZES } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { metadataState } from '../../../app/states/metadataState';
import { confirmDialog } from '../../../ui/confirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { ExportDialog } from '../../../ui/ExportDialog';
import { formatDateTime } from '../../../ui/formatDateTime';
import type { ListSort } from '../../../ui/ListSort';
import { notifyError } from '../../../ui/notifyError';
import { useDeleteUser } from '../hooks/useDeleteUser';
import { useExportUsers } from '../hooks/useExportUsers';
import { useUsers } from '../hooks/useUsers';
import { UserFormModal } from './UserFormModal';
import { UserGatesModal } from './UserGatesModal';
import { UserRoleIcon } from './UserRoleIcon';
import { queryListProps } from '../../../ui/queryListProps';

// The Users tab: the paged user list with add, edit, delete and export (spec 3 §2, §5, §8, §9).
export function UsersTab({ canWrite }: { canWrite: boolean }) {
  const metadata = useAtomValue(metadataState);
  const timeZone = metadata?.timeZone;
  const [page, setPage] = useState(1);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [editor, setEditor] = useState<{ user: User | null } | null>(null);
  const [exportOpened, setExportOpened] = useState(false);
  const [gatesOf, setGatesOf] = useState<User | null>(null);
  // The gates a user works are the smart gate's: its routes' access (admins with the users menu),
  // shown while the smart gate is switched on.
  const gatesRead = useScreenAccess({ write: routes.smartGate.userGates.access });
  const gatesWrite = useScreenAccess({ write: routes.smartGate.setUserGates.access });
  const showGates = gatesRead !== null && gatesRead.canWrite && gatesRead.features.smartGateEnabled;
  // The columns sort every page on the server (their ids are the call's sortBy names).
  const [sort, setSort] = useState<ListSort<UserSortField> | null>(null);
  const users = useUsers(page, sort);
  const deleteUser = useDeleteUser();
  const exportUsers = useExportUsers(sort);

  const rows = users.data?.users ?? [];
  const totalCount = users.data?.totalCount ?? 0;

  const columns = useMemo<ColumnDef<User>[]>(
    () => [
      {
        id: 'roleIcon',
        header: '',
        cell: ({ row }) => <UserRoleIcon roleName={row.original.role.name} />,
      },
      {
        id: 'username',
        header: 'Username',
        accessorFn: (user) => user.username,
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <Text inherit fw={500}>
              {row.original.username}
            </Text>
            {row.original.hidden && (
              <Badge size="xs" variant="outline" color="gray">
                hidden
              </Badge>
            )}
          </Group>
        ),
      },
      { id: 'role', header: 'Role', accessorFn: (user) => user.role.name, cell: ({ row }) => row.original.role.name },
      {
        id: 'email',
        header: 'Email',
        accessorFn: (user) => user.email ?? '',
        cell: ({ row }) => row.original.email ?? '',
      },
      {
        id: 'phone',
        header: 'Phone',
        accessorFn: (user) => user.phone ?? '',
        cell: ({ row }) => row.original.phone ?? '',
      },
      {
        id: 'enabled',
        header: 'Enabled',
        accessorFn: (user) => (user.enabled ? 1 : 0),
        cell: ({ row }) =>
          row.original.enabled ? (
            <IconCheck size={16} color="var(--mantine-color-green-5)" aria-label="Enabled" role="img" />
          ) : (
            <IconX size={16} color="var(--mantine-color-red-5)" aria-label="Disabled" role="img" />
          ),
      },
      {
        id: 'enteredBy',
        header: 'Entered by',
        accessorFn: (user) => user.enteredBy?.username ?? '',
        cell: ({ row }) => row.original.enteredBy?.username ?? '',
      },
      {
        id: 'lastAccess',
        header: 'Last access',
        accessorFn: (user) => user.lastAccess ?? 0,
        cell: ({ row }) => formatDateTime(row.original.lastAccess, timeZone),
      },
    ],
    [timeZone],
  );

  const changePage = (next: number) => {
    setPage(next);
    setSelectedKeys([]);
  };

  const changeSort = (next: ListSort | null) => {
    const field = USER_SORT_FIELDS.find((name) => name === next?.sortBy);
    setSort(next && field ? { sortBy: field, sortOrder: next.sortOrder } : null);
    changePage(1);
  };

  // Edit and delete act on exactly one row (spec 3 §5).
  const selectedUser = (): User | null => {
    const selected = rows.filter((user) => selectedKeys.includes(String(user.id)));
    const [first] = selected;
    if (selected.length !== 1 || !first) {
      notifyError(messages.selectOneRow);
      return null;
    }
    return first;
  };

  const onEdit = () => {
    const user = selectedUser();
    if (user) setEditor({ user });
  };

  const deleteOne = async (user: User) => {
    const confirmed = await confirmDialog({
      title: `Delete user ${user.username}`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        setSelectedKeys([]);
        // Deleting the last row of the last page would leave an empty page behind.
        if (rows.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={!canWrite}
            onClick={() => setEditor({ user: null })}
            data-testid="users-add"
          >
            Add
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            disabled={!canWrite}
            onClick={onEdit}
            data-testid="users-edit"
          >
            Edit
          </Button>
          {showGates && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDoorEnter size={14} />}
              onClick={() => {
                const user = selectedUser();
                if (user) setGatesOf(user);
              }}
              data-testid="users-gates"
            >
              Gates
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconTrash size={14} />}
            disabled={!canWrite}
            loading={deleteUser.isPending}
            onClick={() => {
              const user = selectedUser();
              if (user) void deleteOne(user);
            }}
            data-testid="users-delete"
          >
            Delete
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileExport size={14} />}
            onClick={() => setExportOpened(true)}
            data-testid="users-export"
          >
            Export
          </Button>
        </Group>
        <Tooltip label="Refresh">
          <ActionIcon
            variant="subtle"
            aria-label="Refresh users"
            loading={users.isFetching}
            onClick={() => void users.refetch()}
            data-testid="users-refresh"
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(user) => String(user.id)}
        pagination={{ page, pageSize: PAGE_SIZES.users, totalCount, onPageChange: changePage }}
        serverSort={{ columns: USER_SORT_FIELDS, value: sort, onChange: changeSort }}
        {...queryListProps(users)}
        emptyText="No users found"
        selection={{ mode: 'single', selectedKeys, onChange: setSelectedKeys }}
        rowActions={
          canWrite
            ? {
                open: { label: 'edit', run: (user) => setEditor({ user }) },
                edit: (user) => setEditor({ user }),
                delete: (user) => void deleteOne(user),
              }
            : undefined
        }
        dense
        minWidth={900}
        label="Users"
        testId="users-table"
      />
      {editor && <UserFormModal user={editor.user} onClose={() => setEditor(null)} />}
      {gatesOf && (
        <UserGatesModal
          user={gatesOf}
          readOnlyReason={gatesWrite?.readOnlyReason ?? null}
          onClose={() => setGatesOf(null)}
        />
      )}
      <ExportDialog
        opened={exportOpened}
        onClose={() => setExportOpened(false)}
        title="Export users"
        currentPage={page}
        pageSize={PAGE_SIZES.users}
        totalCount={totalCount}
        onExport={(range) => exportUsers.mutateAsync(range)}
      />
    </Stack>
  );
}
