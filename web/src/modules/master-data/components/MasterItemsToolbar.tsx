import { Button, Group } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { ReadOnlyBadge, WriteGuard } from '../../../ui/WriteGuard';

// A list's actions: Add, Edit and Delete (one selected row, spec 3 §5 "Only one row may be
// selected for edit or delete"), behind WriteGuard, and the read-only note.
export function MasterItemsToolbar({
  selected,
  readOnlyReason,
  onAdd,
  onEdit,
  onDelete,
  deleting,
}: {
  selected: boolean;
  readOnlyReason: string | null;
  onAdd: () => void;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        <WriteGuard reason={readOnlyReason}>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd} data-testid="master-items-add">
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
            data-testid="master-items-edit"
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
            data-testid="master-items-delete"
          >
            Delete
          </Button>
        </WriteGuard>
      </Group>
      <ReadOnlyBadge reason={readOnlyReason} testId="master-items-read-only" />
    </Group>
  );
}
