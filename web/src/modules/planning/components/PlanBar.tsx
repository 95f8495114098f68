import { Badge, Button, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconRestore, IconSparkles, IconTrash } from '@tabler/icons-react';
import { WriteGuard } from '../../../ui/WriteGuard';
import type { PlanEditor } from '../hooks/usePlanEditor';
import { planSaveProblem } from '../utils/planAssignments';

// The plan's name and what can be done with it: save (spec 2 §5: disabled with no assigned slot or
// no name; a taken name in the spec's words), discard the unsaved assignments, auto-assign (the
// engine's proposal, with its progress), and delete a saved plan (Edit Plan).
export function PlanBar({ editor, readOnlyReason }: { editor: PlanEditor; readOnlyReason: string | null }) {
  const problem = planSaveProblem({
    assignments: editor.assignments,
    name: editor.name,
    nameTaken: editor.nameCheck.taken,
  });
  const unsaved = [...editor.assignments].filter(([number, slot]) => editor.baseline.get(number) !== slot).length;
  const released = [...editor.baseline.keys()].filter((number) => !editor.assignments.has(number)).length;
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          label="Plan name"
          placeholder="Name of the plan"
          value={editor.name}
          onChange={(event) => editor.setName(event.currentTarget.value)}
          error={editor.nameCheck.message}
          maxLength={80}
          data-testid="planning-name"
        />
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            mt={23}
            leftSection={<IconDeviceFloppy size={14} />}
            disabled={problem !== null || editor.nameCheck.checking}
            title={problem ?? undefined}
            loading={editor.saving}
            onClick={editor.save}
            data-testid="planning-save"
          >
            Save plan
          </Button>
        </WriteGuard>
      </Group>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap={6}>
          <Badge variant="light" color="yellow" tt="none" data-testid="planning-assigned-count">
            {editor.assignments.size} assigned
          </Badge>
          {(unsaved > 0 || released > 0) && (
            <Badge variant="outline" color="yellow" tt="none" data-testid="planning-unsaved">
              {unsaved + released} unsaved
            </Badge>
          )}
          {editor.assigned.unplaced.length > 0 && (
            <Badge variant="light" color="red" tt="none">
              {editor.assigned.unplaced.length} not on this layout
            </Badge>
          )}
        </Group>
        <Group gap={6}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRestore size={14} />}
            disabled={!editor.dirty}
            onClick={() => void editor.discard()}
            data-testid="planning-discard"
          >
            Discard
          </Button>
          <WriteGuard reason={readOnlyReason}>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSparkles size={14} />}
              loading={editor.autoAssigning}
              onClick={editor.autoAssign}
              data-testid="planning-auto-assign"
            >
              Auto-assign
            </Button>
          </WriteGuard>
          {editor.planId !== null && (
            <WriteGuard reason={readOnlyReason}>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} />}
                loading={editor.deleting}
                onClick={editor.remove}
                data-testid="planning-delete"
              >
                Delete plan
              </Button>
            </WriteGuard>
          )}
        </Group>
      </Group>
      {editor.engineProgress !== null && (
        <Stack gap={2} data-testid="planning-engine-progress">
          <Progress value={editor.engineProgress * 100} animated size="sm" color="yellow" />
          <Text size="xs" c="dimmed">
            The planning engine is placing the containers… {Math.round(editor.engineProgress * 100)} %
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
