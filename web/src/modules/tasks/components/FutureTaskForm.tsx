import { Stack, TextInput } from '@mantine/core';
import { futureTaskProblem } from '@openyard/contracts';
import { FormFrame } from '../../../ui/FormFrame';
import { useTaskForm, type SaveTasks } from '../hooks/useTaskForm';
import type { MachinePlace } from '../utils/MachinePlace';
import { TaskFields, type TaskChoices } from './TaskFields';

// The Future tab (spec 1 §5, enterprise): a task for a container not yet in the yard, its number
// typed; exactly 4 letters and 7 digits, and every field, each refused with the spec's message.
export function FutureTaskForm({
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
  const form = useTaskForm(save, onClose, undefined, futureTaskProblem);
  return (
    <FormFrame
      onSubmit={form.submit}
      onCancel={onClose}
      saving={save.isPending}
      error={form.error}
      submitDisabled={!form.canSave}
      testId="future-task-form"
    >
      <Stack gap="xs">
        <TextInput
          label="Container number"
          placeholder="4 letters and 7 digits, like MSCU1234565"
          value={form.draft.containerNumber}
          onChange={(event) => form.change({ ...form.draft, containerNumber: event.currentTarget.value.toUpperCase() })}
          maxLength={11}
          data-autofocus
          data-testid="future-task-form-container"
        />
        <TaskFields
          draft={form.draft}
          onChange={form.change}
          choices={choices}
          machines={machines}
          testId="future-task-form"
        />
      </Stack>
    </FormFrame>
  );
}
