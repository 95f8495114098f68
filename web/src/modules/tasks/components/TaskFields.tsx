import { Autocomplete, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { ALL_MACHINES, deliveryModesFor, isBrokenDown, locationsFor, SLOT_LOCATION } from '@openyard/contracts';
import type { MachinePlace } from '../utils/MachinePlace';
import type { TaskFormDraft } from '../utils/TaskFormDraft';
import { withTaskType } from '../utils/withTaskType';

export interface TaskChoices {
  taskTypes: string[];
  modes: string[];
  locations: string[];
}

// A select's choices with the current value kept even when the list does not have it (a slot a gate
// task names, a machine since removed), so the form never shows an empty field for a set value.
const withValue = (values: readonly string[], value: string) =>
  value && !values.includes(value) ? [value, ...values] : [...values];
const BLANK_MODE = { value: '', label: '(blank)' };

// The fields of a task after its container (spec 3 §3 Task): task type, then the delivery modes and
// target locations the type allows (spec 3 §5 Task type rules), the slot title when the target is
// Slot, the from location (a location of the list or the slot the container is in), the machine (ALL
// or one of the yard's, a broken-down one marked) and the priority.
export function TaskFields({
  draft,
  onChange,
  choices,
  machines,
  testId,
  compact = false,
}: {
  draft: TaskFormDraft;
  onChange: (draft: TaskFormDraft) => void;
  choices: TaskChoices;
  machines: readonly MachinePlace[];
  testId: string;
  compact?: boolean;
}) {
  const modes = deliveryModesFor(draft.taskType, choices.modes);
  const targets = locationsFor(draft.taskType, choices.locations);
  const size = compact ? 'xs' : 'sm';
  const label = (text: string) => (compact ? undefined : text);
  const machineData = [
    { value: ALL_MACHINES, label: ALL_MACHINES },
    ...machines.map((machine) => ({
      value: machine.machineName,
      label: isBrokenDown(machine.status) ? `${machine.machineName} (${machine.status})` : machine.machineName,
    })),
  ];
  if (draft.assignedToMachine && !machineData.some((item) => item.value === draft.assignedToMachine))
    machineData.push({ value: draft.assignedToMachine, label: draft.assignedToMachine });

  return (
    <SimpleGrid cols={compact ? 7 : { base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
      <Select
        size={size}
        label={label('Task type')}
        aria-label="Task type"
        placeholder="Task type"
        data={withValue(choices.taskTypes, draft.taskType)}
        value={draft.taskType || null}
        onChange={(value) => onChange(withTaskType(draft, value ?? '', choices.modes, choices.locations))}
        searchable
        data-testid={`${testId}-taskType`}
      />
      <Select
        size={size}
        label={label('Delivery mode')}
        aria-label="Delivery mode"
        placeholder="Delivery mode"
        data={withValue(modes, draft.deliveryMode).map((mode) => (mode === '' ? BLANK_MODE : mode))}
        value={draft.deliveryMode || (modes.includes('') ? '' : null)}
        onChange={(value) => onChange({ ...draft, deliveryMode: value ?? '' })}
        disabled={!draft.taskType}
        data-testid={`${testId}-deliveryMode`}
      />
      <Autocomplete
        size={size}
        label={label('From location')}
        aria-label="From location"
        placeholder="From"
        data={choices.locations}
        value={draft.fromLocation}
        onChange={(value) => onChange({ ...draft, fromLocation: value })}
        data-testid={`${testId}-fromLocation`}
      />
      <Select
        size={size}
        label={label('To location')}
        aria-label="To location"
        placeholder="To"
        data={withValue(targets, draft.toLocation)}
        value={draft.toLocation || null}
        onChange={(value) =>
          onChange({
            ...draft,
            toLocation: value ?? '',
            toLocationDetails: value === SLOT_LOCATION ? draft.toLocationDetails : '',
          })
        }
        disabled={!draft.taskType}
        searchable
        data-testid={`${testId}-toLocation`}
      />
      <TextInput
        size={size}
        label={label('Slot title')}
        aria-label="Slot title"
        placeholder={draft.toLocation === SLOT_LOCATION ? 'Slot, like A_01_02_1' : 'Only for Slot'}
        value={draft.toLocationDetails}
        onChange={(event) => onChange({ ...draft, toLocationDetails: event.currentTarget.value })}
        disabled={draft.toLocation !== SLOT_LOCATION && !draft.toLocationDetails}
        data-testid={`${testId}-slotTitle`}
      />
      <Select
        size={size}
        label={label('Machine')}
        aria-label="Machine"
        data={machineData}
        value={draft.assignedToMachine || ALL_MACHINES}
        onChange={(value) => onChange({ ...draft, assignedToMachine: value ?? ALL_MACHINES })}
        searchable
        data-testid={`${testId}-machine`}
      />
      <Switch
        size={size}
        label="On priority"
        mt={compact ? 4 : 26}
        checked={draft.onPriority}
        onChange={(event) => onChange({ ...draft, onPriority: event.currentTarget.checked })}
        data-testid={`${testId}-priority`}
      />
    </SimpleGrid>
  );
}
