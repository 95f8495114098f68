import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { ReadOnlyBadge, WriteGuard } from './WriteGuard';

// A list screen's actions: Add, Edit and Delete behind WriteGuard, the read-only note and, given
// `reload`, a Reload button. With `multiDelete` Delete takes every selected row (its count shown)
// and Edit checks the one selection itself; else both wait for the one selected row (spec 3 §5
// "Only one row may be selected for edit or delete"). Test ids are `${testId}-add` and so on.
export function ListActionsToolbar({
  testId,
  selectedCount,
  multiDelete = false,
  readOnlyReason,
  onAdd,
  onEdit,
  onDelete,
  deleting,
  reload,
}: {
  testId: string;
  selectedCount: number;
  multiDelete?: boolean;
  readOnlyReason: string | null;
  onAdd: () => void;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  reload?: { loading: boolean; onReload: () => void };
}) {
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        <WriteGuard reason={readOnlyReason}>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd} data-testid={`${testId}-add`}>
            Add
          </Button>
        </WriteGuard>
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            disabled={!multiDelete && selectedCount === 0}
            onClick={onEdit}
            data-testid={`${testId}-edit`}
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
            data-testid={`${testId}-delete`}
          >
            Delete{multiDelete && selectedCount > 0 ? ` (${selectedCount})` : ''}
          </Button>
        </WriteGuard>
      </Group>
      <Group gap="xs">
        <ReadOnlyBadge reason={readOnlyReason} testId={`${testId}-read-only`} />
        {reload && (
          <Tooltip label="Reload">
            <ActionIcon
              variant="subtle"
              aria-label="Reload"
              loading={reload.loading}
              onClick={reload.onReload}
              data-testid={`${testId}-refresh`}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}
