import { ActionIcon, Button, Group, SegmentedControl, TextInput, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconChevronLeft,
  IconChevronRight,
  IconDeviceFloppy,
  IconPlus,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { isYardDay, type YardDay } from '@openyard/contracts';
import { ReadOnlyBadge, WriteGuard } from '../../../ui/WriteGuard';
import type { GanttView } from '../utils/ganttRows';

export type AllocationsShown = 'gantt' | 'list';

// The allocation screen's controls: the day (spec 2 §2 "day-based"), Gantt or list, the Gantt by
// machine or by area, and the writes behind WriteGuard: add, save the Gantt's edits (one save per
// area), discard them, delete the selected allocations.
export function AllocationsToolbar({
  day,
  onDay,
  onStep,
  onToday,
  shown,
  onShown,
  view,
  onView,
  editedCount,
  conflictCount,
  selectedCount,
  readOnlyReason,
  onAdd,
  onSave,
  saving,
  onDiscard,
  onDelete,
  deleting,
  reloading,
  onReload,
}: {
  day: YardDay;
  onDay: (day: YardDay) => void;
  onStep: (days: number) => void;
  onToday: () => void;
  shown: AllocationsShown;
  onShown: (shown: AllocationsShown) => void;
  view: GanttView;
  onView: (view: GanttView) => void;
  editedCount: number;
  conflictCount: number;
  selectedCount: number;
  readOnlyReason: string | null;
  onAdd: () => void;
  onSave: () => void;
  saving: boolean;
  onDiscard: () => void;
  onDelete: () => void;
  deleting: boolean;
  reloading: boolean;
  onReload: () => void;
}) {
  const saveBlocked = conflictCount > 0 ? 'A machine is in two places at once: move one of the red bars first' : null;
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        <Group gap={2}>
          <ActionIcon
            variant="subtle"
            aria-label="Previous day"
            onClick={() => onStep(-1)}
            data-testid="allocations-previous-day"
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <TextInput
            type="date"
            size="xs"
            aria-label="Day"
            value={day}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isYardDay(value)) onDay(value);
            }}
            data-autofocus
            data-testid="allocations-day"
          />
          <ActionIcon
            variant="subtle"
            aria-label="Next day"
            onClick={() => onStep(1)}
            data-testid="allocations-next-day"
          >
            <IconChevronRight size={16} />
          </ActionIcon>
          <Button size="xs" variant="subtle" onClick={onToday} data-testid="allocations-today">
            Today
          </Button>
        </Group>
        <SegmentedControl
          size="xs"
          value={shown}
          onChange={(value) => onShown(value === 'list' ? 'list' : 'gantt')}
          data={[
            { value: 'gantt', label: 'Gantt' },
            { value: 'list', label: 'List' },
          ]}
          data-testid="allocations-shown"
        />
        {shown === 'gantt' && (
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(value) => onView(value === 'area' ? 'area' : 'machine')}
            data={[
              { value: 'machine', label: 'By machine' },
              { value: 'area', label: 'By area' },
            ]}
            data-testid="allocations-view"
          />
        )}
      </Group>
      <Group gap="xs">
        <WriteGuard reason={readOnlyReason}>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd} data-testid="allocations-add">
            Add
          </Button>
        </WriteGuard>
        <WriteGuard reason={readOnlyReason ?? saveBlocked}>
          <Button
            size="xs"
            color="harbour"
            leftSection={<IconDeviceFloppy size={14} />}
            disabled={editedCount === 0}
            loading={saving}
            onClick={onSave}
            data-testid="allocations-save"
          >
            Save{editedCount ? ` (${editedCount})` : ''}
          </Button>
        </WriteGuard>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArrowBackUp size={14} />}
          disabled={editedCount === 0}
          onClick={onDiscard}
          data-testid="allocations-discard"
        >
          Discard
        </Button>
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTrash size={14} />}
            disabled={selectedCount === 0}
            loading={deleting}
            onClick={onDelete}
            data-testid="allocations-delete"
          >
            Delete{selectedCount ? ` (${selectedCount})` : ''}
          </Button>
        </WriteGuard>
        <ReadOnlyBadge reason={readOnlyReason} testId="allocations-read-only" />
        <Tooltip label="Reload">
          <ActionIcon
            variant="subtle"
            aria-label="Reload"
            loading={reloading}
            onClick={onReload}
            data-testid="allocations-refresh"
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
