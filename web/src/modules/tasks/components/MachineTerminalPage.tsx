import { useState } from 'react';
import { Alert, Badge, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useParams } from 'react-router';
import { isBrokenDown, type Task } from '@openyard/contracts';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { liveConnectionState } from '../../../live/states/liveConnectionState';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useMachineQueue } from '../hooks/useMachineQueue';
import { TerminalProblemModal } from './TerminalProblemModal';
import { TerminalTaskCard } from './TerminalTaskCard';

// The machine terminal (issue 17, beyond the spec): /terminal/<machine>, for the cab's tablet or the
// driver's phone. The machine's queue, live and in priority order (the task in hand first), each task
// with the slot to go to and big Start, Done and Problem buttons. Without its connection the screen
// says so; when it is back the queue is fetched again (the live layer's resync), so nothing done in
// the meantime is missed. Who may open it: every user whose menu shows Tasks (tasksVisible), as the
// queue calls require; a driver's role is an admin-defined role with Tasks visible.
export function MachineTerminalPage() {
  // The router hands the parameter decoded.
  const machineName = useParams().machineName ?? '';
  const { queue, liveRefusal, start, complete, problem } = useMachineQueue(machineName);
  const connection = useAtomValue(liveConnectionState);
  const [reporting, setReporting] = useState<Task | null>(null);
  const busy = start.isPending || complete.isPending;
  const tasks = queue.data?.tasks ?? [];
  const status = queue.data?.machineStatus ?? null;

  return (
    <Stack gap="sm" maw={900} mx="auto" data-testid="terminal" data-machine={machineName}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Title order={2} ff="monospace" data-testid="terminal-machine">
            {queue.data?.machineName ?? machineName}
          </Title>
          {status && (
            <Badge size="lg" color={isBrokenDown(status) ? 'red' : 'green'} variant="light">
              {status}
            </Badge>
          )}
        </Group>
        <Text size="lg" fw={600} data-testid="terminal-count">
          {tasks.length} task{tasks.length === 1 ? '' : 's'}
        </Text>
      </Group>
      {connection !== 'open' && (
        <Alert color="orange" variant="filled" icon={<IconPlugConnectedX size={20} />} data-testid="terminal-offline">
          {connection === 'closed' ? 'No connection' : 'Connecting…'}: the queue reloads by itself when the connection
          is back.
        </Alert>
      )}
      <LiveUnavailableNotice refusal={liveRefusal} />
      {queue.isPending ? (
        <Center py="xl">
          <Loader size="lg" />
        </Center>
      ) : queue.error && !queue.data ? (
        <Alert color="red" title="The queue could not be loaded" data-testid="terminal-error">
          {errorMessageOf(queue.error)}
        </Alert>
      ) : tasks.length === 0 ? (
        <Center py={60}>
          <Text size="xl" c="dimmed" data-testid="terminal-empty">
            No tasks for {machineName}
          </Text>
        </Center>
      ) : (
        tasks.map((task, index) => (
          <TerminalTaskCard
            key={task.taskId}
            task={task}
            current={index === 0}
            busy={busy}
            onStart={() => start.mutate(task.taskId)}
            onComplete={() => complete.mutate(task.taskId)}
            onProblem={() => setReporting(task)}
          />
        ))
      )}
      {reporting && <TerminalProblemModal task={reporting} problem={problem} onClose={() => setReporting(null)} />}
    </Stack>
  );
}
