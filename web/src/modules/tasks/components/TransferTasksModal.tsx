import { useState } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import { ALL_MACHINES, isBrokenDown, messages, type Task } from '@openyard/contracts';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { FormModal } from '../../../ui/FormModal';
import type { useTaskWrites } from '../hooks/useTaskWrites';
import { useMachinePlaces } from '../hooks/useMachinePlaces';

// Move tasks to another machine or to ALL (spec 3 §5 Move tasks): the source and target machines
// must differ; the spec's message before anything is sent, and the server checks again.
export function TransferTasksModal({
  tasks,
  transfer,
  problemOf,
  onClose,
}: {
  tasks: Task[];
  transfer: ReturnType<typeof useTaskWrites>['transfer'];
  problemOf: (tasks: Task[], toMachine: string) => string | null;
  onClose: () => void;
}) {
  const { places } = useMachinePlaces();
  const [toMachine, setToMachine] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const from = [...new Set(tasks.map((task) => task.assignedToMachine))].join(', ');
  const submit = () => {
    if (!toMachine) return setError(messages.transferChooseMachine);
    const problem = problemOf(tasks, toMachine);
    if (problem) return setError(problem);
    transfer.mutate(
      { taskIds: tasks.map((task) => task.taskId), toMachine },
      { onSuccess: onClose, onError: (refusal) => setError(errorMessageOf(refusal)) },
    );
  };
  return (
    <FormModal
      title={`Move ${tasks.length} task${tasks.length === 1 ? '' : 's'}`}
      onClose={onClose}
      onSubmit={submit}
      saving={transfer.isPending}
      error={error}
      submitLabel="Move"
      submitName="move"
      testId="transfer-tasks"
    >
      <Stack gap="xs">
        <Text size="sm">
          From: <b>{from}</b>
        </Text>
        <Select
          label="To machine"
          data={[
            ALL_MACHINES,
            ...places.map((machine) => ({
              value: machine.machineName,
              label: isBrokenDown(machine.status) ? `${machine.machineName} (${machine.status})` : machine.machineName,
            })),
          ]}
          value={toMachine}
          onChange={(value) => {
            setToMachine(value);
            setError(null);
          }}
          searchable
          data-autofocus
          data-testid="transfer-tasks-machine"
        />
      </Stack>
    </FormModal>
  );
}
