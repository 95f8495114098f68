import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { ReadOnlyBadge, WriteGuard } from '../../../ui/WriteGuard';

// The yard locations list's actions: Add, Edit and Delete (the one row selected, spec 3 §5 "only
// one row may be selected for edit or delete"), behind WriteGuard; the read-only note and Reload.
export function YardLocationsToolbar({
  selected,
  readOnlyReason,
  onAdd,
  onEdit,
  onDelete,
  deleting,
  reloading,
  onReload,
}: {
  selected: boolean;
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
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd} data-testid="yard-locations-add">
            Add
          </Button>
        </WriteGuard>
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            disabled={!selected}
            onClick={onEdit}
            data-testid="yard-locations-edit"
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
            disabled={!selected}
            onClick={onDelete}
            data-testid="yard-locations-delete"
          >
            Delete
          </Button>
        </WriteGuard>
      </Group>
      <Group gap="xs">
        <ReadOnlyBadge reason={readOnlyReason} testId="yard-locations-read-only" />
        <Tooltip label="Reload">
          <ActionIcon
            variant="subtle"
            aria-label="Reload"
            loading={reloading}
            onClick={onReload}
            data-testid="yard-locations-refresh"
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
