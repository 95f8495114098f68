import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { deliveryModesFor, EXPORT_OUT_TASK_TYPES } from '@openyard/contracts';
import { useMasterList } from '../../containers/hooks/useMasterList';
import { useActivities } from '../hooks/useActivities';
import { emptyOutContainer, type OutContainerDraft } from '../utils/gateDrafts';

const MAX_OUT_CONTAINERS = 2;
const none = { value: '', label: '—' };

// Export containers leaving on the truck that brought the boxes (spec 1 §3 outContainers): each
// with its export-out task (Export Loading / Empty Loading, modes narrowed by spec 3 §5) and,
// with planning on, its activity group and activity.
export function OutContainersFields({
  value,
  onChange,
  planning,
}: {
  value: OutContainerDraft[];
  onChange: (value: OutContainerDraft[]) => void;
  planning: boolean;
}) {
  const modes = (useMasterList('deliveryModes').data ?? []).map((mode) => mode.name);
  const groups = (useMasterList('activityGroups').data ?? []).map((group) => group.name);
  const update = (index: number, patch: Partial<OutContainerDraft>) =>
    onChange(value.map((out, at) => (at === index ? { ...out, ...patch } : out)));
  return (
    <Stack gap="xs">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          No export container leaves with this truck.
        </Text>
      )}
      {value.map((out, index) => (
        <SimpleGrid key={index} cols={{ base: 1, sm: 2, lg: planning ? 5 : 3 }} spacing="xs">
          <TextInput
            label={`Out-container ${index + 1}`}
            name={`outContainers.${index}`}
            value={out.containerNumber}
            maxLength={11}
            onChange={(event) => update(index, { containerNumber: event.currentTarget.value })}
            data-testid={`gate-out${index + 1}-number`}
          />
          <NativeSelect
            label="Task type"
            name={`gateInTasks.${index}.taskType`}
            data={[none, ...EXPORT_OUT_TASK_TYPES]}
            value={out.taskType}
            onChange={(event) => {
              const taskType = event.currentTarget.value;
              const allowed = deliveryModesFor(taskType, modes);
              update(index, { taskType, deliveryMode: allowed.length === 1 ? (allowed[0] ?? '') : '' });
            }}
            data-testid={`gate-out${index + 1}-taskType`}
          />
          <NativeSelect
            label="Delivery mode"
            name={`gateInTasks.${index}.deliveryMode`}
            data={[none, ...deliveryModesFor(out.taskType, modes)]}
            value={out.deliveryMode}
            onChange={(event) => update(index, { deliveryMode: event.currentTarget.value })}
            data-testid={`gate-out${index + 1}-deliveryMode`}
          />
          {planning && (
            <NativeSelect
              label="Activity group"
              name={`outContainerDetails.${index}.activityGroup`}
              data={[none, ...groups]}
              value={out.activityGroup}
              onChange={(event) => update(index, { activityGroup: event.currentTarget.value, activity: '' })}
              data-testid={`gate-out${index + 1}-activityGroup`}
            />
          )}
          {planning && (
            <ActivityField
              activityGroup={out.activityGroup}
              value={out.activity}
              onChange={(activity) => update(index, { activity })}
              name={`outContainerDetails.${index}.activity`}
              testId={`gate-out${index + 1}-activity`}
            />
          )}
        </SimpleGrid>
      ))}
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          disabled={value.length >= MAX_OUT_CONTAINERS}
          onClick={() => onChange([...value, emptyOutContainer()])}
          data-testid="gate-out-add"
        >
          Add out-container
        </Button>
        {value.length > 0 && (
          <Button size="xs" variant="subtle" color="gray" onClick={() => onChange(value.slice(0, -1))}>
            Remove last
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function ActivityField({
  activityGroup,
  value,
  onChange,
  testId,
  name,
}: {
  name: string;
  activityGroup: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const activities = (useActivities(activityGroup).data ?? []).map((activity) => activity.activityName);
  return (
    <NativeSelect
      label="Activity"
      name={name}
      data={[none, ...activities]}
      value={value}
      disabled={activityGroup === ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-testid={testId}
    />
  );
}
