import { useState } from 'react';
import { Autocomplete, Stack, Text } from '@mantine/core';
import { nearestMachine, taskContainerNumber } from '@openyard/contracts';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { FormFrame } from '../../../ui/FormFrame';
import { useContainerLookup } from '../hooks/useContainerLookup';
import { useContainerSuggestions } from '../hooks/useContainerSuggestions';
import { useTaskForm, type SaveTasks } from '../hooks/useTaskForm';
import { draftForContainer } from '../utils/draftForContainer';
import { nearestMachineCandidates, type MachinePlace } from '../utils/MachinePlace';
import type { TaskFormDraft } from '../utils/TaskFormDraft';
import { TaskFields, type TaskChoices } from './TaskFields';

// The Container tab of the add-task dialog, and the edit of a task: the container picked from the
// yard by its number fills the defaults and the nearest machine (spec 3 §5 Defaults and selection).
export function ContainerTaskForm({
  save,
  onClose,
  choices,
  machines,
  initial,
}: {
  save: SaveTasks;
  onClose: () => void;
  choices: TaskChoices;
  machines: readonly MachinePlace[];
  initial?: TaskFormDraft;
}) {
  const form = useTaskForm(save, onClose, initial);
  const [typed, setTyped] = useState(initial?.containerNumber ?? '');
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const suggestions = useContainerSuggestions(typed);
  const lookup = useContainerLookup();
  const found = suggestions.data ?? [];

  const choose = async (number: string) => {
    const suggestion = found.find((candidate) => candidate.containerNumber === number);
    setLookupError(null);
    setLooking(true);
    try {
      const place = await lookup(suggestion ? String(suggestion.id) : number);
      const machine = nearestMachine(place.position, nearestMachineCandidates(machines));
      form.change(draftForContainer(form.draft, place.container, machine, choices.modes, choices.locations));
    } catch (error) {
      setLookupError(errorMessageOf(error));
    } finally {
      setLooking(false);
    }
  };
  const saved = taskContainerNumber(form.draft.containerNumber || typed);

  return (
    <FormFrame
      onSubmit={form.submit}
      onCancel={onClose}
      saving={save.isPending}
      error={form.error}
      submitDisabled={!form.canSave || looking}
      testId="task-form"
    >
      <Stack gap="xs">
        <Autocomplete
          label="Container number"
          placeholder="Type 3 or more characters of the number"
          data={found.map((candidate) => candidate.containerNumber)}
          // The number is what the field takes; its slot shows beside it in the list.
          renderOption={({ option }) => {
            const location = found.find((candidate) => candidate.containerNumber === option.value)?.location;
            return location ? `${option.value} · ${location}` : option.value;
          }}
          value={typed}
          onChange={(value) => {
            setTyped(value);
            form.change({ ...form.draft, containerNumber: value, containerId: null });
          }}
          onOptionSubmit={(value) => void choose(value)}
          error={lookupError}
          filter={({ options }) => options}
          data-autofocus
          data-testid="task-form-container"
        />
        {typed.trim().length > 11 && (
          <Text size="xs" c="dimmed" data-testid="task-form-saved-number">
            Saved as {saved} (the first 11 characters)
          </Text>
        )}
        <TaskFields
          draft={form.draft}
          onChange={form.change}
          choices={choices}
          machines={machines}
          testId="task-form"
        />
      </Stack>
    </FormFrame>
  );
}
