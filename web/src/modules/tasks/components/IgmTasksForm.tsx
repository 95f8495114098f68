import { ActionIcon, Badge, Button, Group, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { FormFrame } from '../../../ui/FormFrame';
import { useDuplicateTask } from '../hooks/useDuplicateTask';
import { useIgmRows } from '../hooks/useIgmRows';
import type { SaveTasks } from '../hooks/useTaskForm';
import type { MachinePlace } from '../utils/MachinePlace';
import type { TaskFormDraft } from '../utils/TaskFormDraft';
import { TaskFields, type TaskChoices } from './TaskFields';

const stateColours = { empty: 'gray', incomplete: 'yellow', complete: 'green' } as const;

// One row of the bulk tab: its container number, the task's fields, its state and its duplicate
// check (spec 3 §5).
function IgmTaskRow({
  index,
  row,
  state,
  onChange,
  onRemove,
  choices,
  machines,
}: {
  index: number;
  row: TaskFormDraft;
  state: keyof typeof stateColours;
  onChange: (row: TaskFormDraft) => void;
  onRemove: () => void;
  choices: TaskChoices;
  machines: readonly MachinePlace[];
}) {
  const duplicate = useDuplicateTask(row);
  return (
    <Table.Tr data-testid="igm-task-row" data-state={state}>
      <Table.Td w={40}>{index + 1}</Table.Td>
      <Table.Td w={150}>
        <TextInput
          size="xs"
          aria-label="Container number"
          value={row.containerNumber}
          onChange={(event) =>
            onChange({ ...row, containerNumber: event.currentTarget.value.toUpperCase(), containerId: null })
          }
        />
        {duplicate && (
          <Text size="xs" c="red" data-testid="igm-task-row-duplicate">
            {duplicate}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <TaskFields
          draft={row}
          onChange={onChange}
          choices={choices}
          machines={machines}
          testId={`igm-row-${index}`}
          compact
        />
      </Table.Td>
      <Table.Td w={120}>
        <Badge size="sm" variant="light" color={stateColours[state]}>
          {state}
        </Badge>
      </Table.Td>
      <Table.Td w={40}>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove row ${index + 1}`} onClick={onRemove}>
          <IconTrash size={14} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

// The IGM:Item tab of the add-task dialog: one task per container of an IGM item, saved together.
export function IgmTasksForm({
  save,
  onClose,
  choices,
  machines,
}: {
  save: SaveTasks;
  onClose: () => void;
  choices: TaskChoices;
  machines: readonly MachinePlace[];
}) {
  const igm = useIgmRows(save, onClose, choices, machines);
  return (
    <FormFrame
      onSubmit={igm.submit}
      onCancel={onClose}
      saving={save.isPending}
      error={igm.error}
      submitDisabled={!igm.rows.length}
      testId="igm-tasks-form"
    >
      <Stack gap="xs">
        <Group gap="xs" align="flex-end">
          <TextInput
            label="IGM:Item"
            placeholder="IGM123:4"
            value={igm.query}
            onChange={(event) => igm.setQuery(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter searches here; the form's submit is the Save button.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void igm.search();
            }}
            disabled={!igm.mayLookUp}
            data-autofocus
            data-testid="igm-tasks-query"
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            leftSection={<IconSearch size={14} />}
            onClick={() => void igm.search()}
            loading={igm.searching}
            disabled={!igm.mayLookUp}
            data-testid="igm-tasks-search"
          >
            Find containers
          </Button>
          <Button
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            onClick={igm.addRow}
            data-testid="igm-tasks-add-row"
          >
            Add row
          </Button>
        </Group>
        {!igm.mayLookUp && (
          <Text size="xs" c="dimmed">
            Your role may not look containers up by IGM; add rows by hand.
          </Text>
        )}
        {igm.rows.length > 0 && (
          <ScrollArea.Autosize mah={420}>
            <Table withTableBorder verticalSpacing={4} miw={1100}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Container</Table.Th>
                  <Table.Th>Task type · mode · from · to · slot · machine · priority</Table.Th>
                  <Table.Th>Row</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {igm.rows.map((row, index) => (
                  <IgmTaskRow
                    key={index}
                    index={index}
                    row={row}
                    state={igm.states[index]!}
                    onChange={(next) => igm.change(index, next)}
                    onRemove={() => igm.remove(index)}
                    choices={choices}
                    machines={machines}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </FormFrame>
  );
}
