import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { ReadOnlyBadge, WriteGuard } from '../../../ui/WriteGuard';

// The shifts list's actions (spec 2 §2 "List, add, edit and delete"): Add, Edit (one selected),
// Delete (the selected ones), behind WriteGuard; the read-only note and Reload.
export function ShiftsToolbar({
  selectedCount,
  readOnlyReason,
  onAdd,
  onEdit,
  onDelete,
  deleting,
  reloading,
  onReload,
}: {
  selectedCount: number;
  readOnlyReason: string | null;
  onAdd: () => void;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  reloading: boolean;
  onReload: () => void;
}) {
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        <WriteGuard reason={readOnlyReason}>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd} data-testid="shifts-add">
            Add
          </Button>
        </WriteGuard>
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
            data-testid="shifts-edit"
          >
            Edit
          </Button>
        </WriteGuard>
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTrash size={14} />}
            loading={deleting}
            disabled={selectedCount === 0}
            onClick={onDelete}
            data-testid="shifts-delete"
          >
            Delete{selectedCount > 0 ? ` (${selectedCount})` : ''}
          </Button>
        </WriteGuard>
      </Group>
      <Group gap="xs">
        <ReadOnlyBadge reason={readOnlyReason} testId="shifts-read-only" />
        <Tooltip label="Reload">
          <ActionIcon
            variant="subtle"
            aria-label="Reload"
            loading={reloading}
            onClick={onReload}
            data-testid="shifts-refresh"
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
