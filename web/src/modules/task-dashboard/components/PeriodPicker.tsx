import { Button, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { formatShiftTimes, type MachineShift } from '@openyard/contracts';
import {
  DASHBOARD_PRESET_LABELS,
  DASHBOARD_PRESETS,
  type DashboardPreset,
  type DashboardSelection,
} from '../utils/DashboardSelection';

const WHOLE_DAY = 'all';

// The period (a ready-made one or custom days), the shift, and the export of what is shown.
export function PeriodPicker({
  selection,
  onChange,
  shifts,
  onExport,
  exporting,
  canExport,
}: {
  selection: DashboardSelection;
  onChange: (selection: DashboardSelection) => void;
  shifts: MachineShift[];
  onExport: () => void;
  exporting: boolean;
  canExport: boolean;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <SegmentedControl
        value={selection.preset}
        onChange={(value) =>
          onChange({ ...selection, preset: DASHBOARD_PRESETS.find((preset) => preset === value) ?? 'today' })
        }
        data={DASHBOARD_PRESETS.map((preset: DashboardPreset) => ({
          value: preset,
          label: DASHBOARD_PRESET_LABELS[preset],
        }))}
        data-testid="task-dashboard-period"
      />
      {selection.preset === 'custom' && (
        <>
          <TextInput
            type="date"
            label="From"
            value={selection.from}
            onChange={(event) => onChange({ ...selection, from: event.currentTarget.value })}
            data-testid="task-dashboard-from"
          />
          <TextInput
            type="date"
            label="To"
            value={selection.to}
            onChange={(event) => onChange({ ...selection, to: event.currentTarget.value })}
            data-testid="task-dashboard-to"
          />
        </>
      )}
      <Select
        label="Shift"
        value={selection.shiftId === null ? WHOLE_DAY : String(selection.shiftId)}
        onChange={(value) =>
          onChange({ ...selection, shiftId: value === null || value === WHOLE_DAY ? null : Number(value) })
        }
        data={[
          { value: WHOLE_DAY, label: 'Whole day' },
          ...shifts.map((shift) => ({ value: String(shift.id), label: `${shift.name} (${formatShiftTimes(shift)})` })),
        ]}
        allowDeselect={false}
        w={260}
        data-testid="task-dashboard-shift"
      />
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        onClick={onExport}
        loading={exporting}
        disabled={!canExport}
        data-testid="task-dashboard-export"
      >
        Export
      </Button>
    </Group>
  );
}
