import type { ReactNode } from 'react';
import { ActionIcon, Group, Select, Switch, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { ReadOnlyBadge } from '../../../ui/WriteGuard';
import { ALL_ROWS, pageSizeChoices } from '../utils/taskListQueryOf';
import { TaskListSearch } from './TaskListSearch';

// The first line of a task list: search texts, include completed, the page size (with All, spec 3
// §7 limit -1), the read-only note and Reload; the list's actions go in `children`, a line below.
export function TasksToolbar({
  testId,
  searchTexts,
  onSearch,
  searchPlaceholder,
  includeCompleted,
  onIncludeCompleted,
  pageSize,
  yardPageSize,
  onPageSize,
  readOnlyReason,
  reloading,
  onReload,
  children,
}: {
  testId: string;
  searchTexts: string[];
  onSearch: (texts: string[]) => void;
  searchPlaceholder: string;
  includeCompleted: boolean;
  onIncludeCompleted: (include: boolean) => void;
  pageSize: number;
  yardPageSize: number;
  onPageSize: (size: number) => void;
  readOnlyReason: string | null;
  reloading: boolean;
  onReload: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <Group justify="space-between" gap="xs" align="flex-start">
        <Group gap="xs" align="center">
          <TaskListSearch
            texts={searchTexts}
            onChange={onSearch}
            placeholder={searchPlaceholder}
            testId={`${testId}-search`}
          />
          <Switch
            size="sm"
            label="Include completed"
            checked={includeCompleted}
            onChange={(event) => onIncludeCompleted(event.currentTarget.checked)}
            data-testid={`${testId}-include-completed`}
          />
          <Select
            size="xs"
            w={110}
            aria-label="Rows per page"
            data={pageSizeChoices(yardPageSize).map((size) => ({
              value: String(size),
              label: size === ALL_ROWS ? 'All rows' : `${size} rows`,
            }))}
            value={String(pageSize)}
            onChange={(value) => onPageSize(Number(value ?? yardPageSize))}
            allowDeselect={false}
            data-testid={`${testId}-page-size`}
          />
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
      <Group gap="xs">{children}</Group>
    </>
  );
}
