import { ActionIcon, Badge, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { kioskRowChoices, kioskTaskRowProblem, type KioskTaskChoices, type KioskTaskInput } from '@openyard/contracts';

export interface KioskRow {
  row: Partial<KioskTaskInput>;
  // Whether the customer has changed anything in it: an untouched row keeps Save disabled (spec 2 §5).
  touched: boolean;
}

const SELECT_STYLES = {
  label: { fontSize: 20, marginBottom: 4 },
  input: { fontSize: 24 },
  option: { minHeight: 56, fontSize: 24 },
};

// One editable kiosk task row (spec 2 §2, §3): container number, task type, delivery mode, from and
// to; the task type narrows the modes and the to-locations (spec 3 §5), a changed type clears them.
export function KioskTaskRow({
  index,
  value,
  choices,
  onChange,
  onRemove,
}: {
  index: number;
  value: KioskRow;
  choices: KioskTaskChoices;
  onChange: (row: Partial<KioskTaskInput>) => void;
  onRemove: () => void;
}) {
  const { row } = value;
  const offered = kioskRowChoices(row.taskType ?? '', choices);
  const complete = kioskTaskRowProblem(row, choices) === null;
  const set = (field: keyof KioskTaskInput) => (next: string | null) => onChange({ ...row, [field]: next ?? '' });
  const testId = `kiosk-task-row-${index}`;
  return (
    <Paper withBorder p="md" bg="dark.7" data-testid="kiosk-task-row" data-complete={complete && value.touched}>
      <Group justify="space-between" mb="sm">
        <Badge size="xl" variant="light" color={!value.touched ? 'gray' : complete ? 'green' : 'yellow'}>
          Row {index + 1} · {!value.touched ? 'to fill in' : complete ? 'complete' : 'incomplete'}
        </Badge>
        <ActionIcon
          size={60}
          variant="light"
          color="red"
          aria-label={`Remove row ${index + 1}`}
          onClick={onRemove}
          data-testid={`${testId}-remove`}
        >
          <IconTrash size={30} />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={2} spacing="md">
        <TextInput
          size="xl"
          label="Container number"
          value={row.containerNumber ?? ''}
          maxLength={20}
          autoComplete="off"
          onChange={(event) => onChange({ ...row, containerNumber: event.currentTarget.value.toUpperCase() })}
          styles={{ label: SELECT_STYLES.label, input: { fontSize: 24, fontFamily: 'monospace' } }}
          data-testid={`${testId}-containerNumber`}
        />
        <Select
          size="xl"
          label="Task type"
          data={choices.taskTypes}
          value={row.taskType || null}
          onChange={(next) => onChange({ ...row, taskType: next ?? '', deliveryMode: '', toLocation: '' })}
          styles={SELECT_STYLES}
          comboboxProps={{ size: 'xl' }}
          allowDeselect={false}
          data-testid={`${testId}-taskType`}
        />
        <Select
          size="xl"
          label="From"
          data={offered.fromLocations}
          value={row.fromLocation || null}
          onChange={set('fromLocation')}
          styles={SELECT_STYLES}
          comboboxProps={{ size: 'xl' }}
          allowDeselect={false}
          data-testid={`${testId}-fromLocation`}
        />
        <Select
          size="xl"
          label="To"
          data={offered.toLocations}
          value={row.toLocation || null}
          onChange={set('toLocation')}
          disabled={!row.taskType}
          styles={SELECT_STYLES}
          comboboxProps={{ size: 'xl' }}
          allowDeselect={false}
          data-testid={`${testId}-toLocation`}
        />
        <Select
          size="xl"
          label="Delivery mode"
          data={offered.deliveryModes}
          value={row.deliveryMode || null}
          onChange={set('deliveryMode')}
          disabled={!row.taskType}
          styles={SELECT_STYLES}
          comboboxProps={{ size: 'xl' }}
          allowDeselect={false}
          data-testid={`${testId}-deliveryMode`}
        />
      </SimpleGrid>
    </Paper>
  );
}
