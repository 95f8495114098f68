import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, TextInput, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import { ReadOnlyBadge, WriteGuard } from '../../../ui/WriteGuard';

// The toolbar of each trailers tab: search, then Add, Edit and Delete behind WriteGuard, the tab's
// own actions (`children`: dispatch, upload, export), the read-only note and Reload. The search box
// takes the screen's first focus (data-autofocus).
export function TrailersListToolbar({
  testId,
  search,
  onSearch,
  searchPlaceholder,
  readOnlyReason,
  onAdd,
  onEdit,
  onDelete,
  deleting,
  reloading,
  onReload,
  children,
}: {
  testId: string;
  search: string;
  onSearch: (text: string) => void;
  searchPlaceholder: string;
  readOnlyReason: string | null;
  onAdd: () => void;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  reloading: boolean;
  onReload: () => void;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        <TextInput
          size="xs"
          w={300}
          leftSection={<IconSearch size={14} />}
          placeholder={searchPlaceholder}
          aria-label={searchPlaceholder}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          data-autofocus
          data-testid={`${testId}-search`}
        />
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
            onClick={onDelete}
            data-testid={`${testId}-delete`}
          >
            Delete
          </Button>
        </WriteGuard>
        {children}
      </Group>
      <Group gap="xs">
        <ReadOnlyBadge reason={readOnlyReason} testId={`${testId}-read-only`} />
        <Tooltip label="Reload">
          <ActionIcon
            variant="subtle"
            aria-label="Reload"
            loading={reloading}
            onClick={onReload}
            data-testid={`${testId}-refresh`}
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
