import { useState } from 'react';
import { Button, SimpleGrid, Stack, Textarea } from '@mantine/core';
import type { Task } from '@openyard/contracts';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { FormModal } from '../../../ui/FormModal';
import type { useMachineQueue } from '../hooks/useMachineQueue';
import { TERMINAL_PROBLEMS } from '../utils/TERMINAL_PROBLEMS';

// A driver's problem with a task: one touch on a common one, or typed; the control room sees it on
// the task (its status turns Problem) until the task is started again.
export function TerminalProblemModal({
  task,
  problem,
  onClose,
}: {
  task: Task;
  problem: ReturnType<typeof useMachineQueue>['problem'];
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = (value: string) =>
    problem.mutate(
      { id: task.taskId, problem: value.trim() },
      { onSuccess: onClose, onError: (refusal) => setError(errorMessageOf(refusal)) },
    );
  return (
    <FormModal
      title={`Problem with ${task.containerNumber}`}
      onClose={onClose}
      onSubmit={() => send(text)}
      saving={problem.isPending}
      error={error}
      submitLabel="Report"
      submitName="report"
      submitDisabled={!text.trim()}
      testId="terminal-problem"
      size="md"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {TERMINAL_PROBLEMS.map((reason) => (
            <Button
              key={reason}
              size="lg"
              variant="light"
              color="orange"
              onClick={() => send(reason)}
              disabled={problem.isPending}
            >
              {reason}
            </Button>
          ))}
        </SimpleGrid>
        <Textarea
          label="Something else"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={300}
          autosize
          minRows={2}
          size="md"
          data-testid="terminal-problem-text"
        />
      </Stack>
    </FormModal>
  );
}
