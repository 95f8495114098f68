import { useState } from 'react';
import { Badge, Button, Group, Stack, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { messages, type Role, PAGE_SIZES } from '@openyard/contracts';
import { confirmDialog } from '../../../ui/confirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { notifyError } from '../../../ui/notifyError';
import { useDeleteRole } from '../hooks/useDeleteRole';
import { useRoles } from '../hooks/useRoles';
import { RoleFormModal } from './RoleFormModal';
import { queryListProps } from '../../../ui/queryListProps';

const columns: ColumnDef<Role>[] = [
  { id: 'name', header: 'Name', accessorFn: (role) => role.name, cell: ({ row }) => row.original.name },
  {
    id: 'origin',
    header: 'Origin',
    accessorFn: (role) => (role.adminCreated ? 'Created by admin' : 'Built-in'),
    cell: ({ row }) =>
      row.original.adminCreated ? (
        <Badge size="sm" variant="light">
          Created by admin
        </Badge>
      ) : (
        <Badge size="sm" variant="light" color="gray">
          Built-in
        </Badge>
      ),
  },
];

// The Roles tab (superadmin only): paged roles with add, rename and delete of admin-created roles.
export function RolesTab({ canWrite }: { canWrite: boolean }) {
  const [page, setPage] = useState(1);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [editor, setEditor] = useState<{ role: Role | null } | null>(null);
  const roles = useRoles(page);
  const deleteRole = useDeleteRole();

  const rows = roles.data?.roles ?? [];
  const selected = rows.filter((role) => selectedKeys.includes(String(role.id)));
  const builtInSelected = selected.length === 1 && selected.some((role) => !role.adminCreated);

  const changePage = (next: number) => {
    setPage(next);
    setSelectedKeys([]);
  };

  // Edit and delete act on exactly one row (spec 3 §5).
  const selectedRole = (): Role | null => {
    const [first] = selected;
    if (selected.length !== 1 || !first) {
      notifyError(messages.selectOneRow);
      return null;
    }
    return first;
  };

  const onEdit = () => {
    const role = selectedRole();
    if (role) setEditor({ role });
  };

  const deleteOne = async (role: Role) => {
    if (!role.adminCreated) {
      notifyError(messages.roleNotAdminCreated);
      return;
    }
    const confirmed = await confirmDialog({ title: `Delete role ${role.name}`, confirmLabel: 'Delete', danger: true });
    if (!confirmed) return;
    deleteRole.mutate(role.id, {
      onSuccess: () => {
        setSelectedKeys([]);
        if (rows.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={!canWrite}
          onClick={() => setEditor({ role: null })}
          data-testid="roles-add"
        >
          Add
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={14} />}
          disabled={!canWrite}
          onClick={onEdit}
          data-testid="roles-edit"
        >
          Edit
        </Button>
        <Tooltip label={messages.roleNotAdminCreated} disabled={!builtInSelected}>
          {/* The wrapper keeps the tooltip working on a disabled button. */}
          <span>
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconTrash size={14} />}
              disabled={!canWrite || builtInSelected}
              loading={deleteRole.isPending}
              onClick={() => {
                const role = selectedRole();
                if (role) void deleteOne(role);
              }}
              data-testid="roles-delete"
            >
              Delete
            </Button>
          </span>
        </Tooltip>
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(role) => String(role.id)}
        pagination={{
          page,
          pageSize: PAGE_SIZES.roles,
          totalCount: roles.data?.totalCount ?? 0,
          onPageChange: changePage,
        }}
        {...queryListProps(roles)}
        emptyText="No roles found"
        selection={{ mode: 'single', selectedKeys, onChange: setSelectedKeys }}
        rowActions={
          canWrite
            ? {
                open: { label: 'edit', run: (role) => setEditor({ role }) },
                edit: (role) => setEditor({ role }),
                delete: (role) => void deleteOne(role),
              }
            : undefined
        }
        dense
        minWidth={400}
        label="Roles"
        testId="roles-table"
      />
      {editor && <RoleFormModal role={editor.role} onClose={() => setEditor(null)} />}
    </Stack>
  );
}
