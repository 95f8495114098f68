import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPlayerPlay } from '@tabler/icons-react';
import type { Task } from '@openyard/contracts';
import { taskTarget } from '../utils/taskTarget';
import { TaskStatusBadge } from './TaskStatusBadge';

// One task on the machine terminal, for a thumb and a glance from the cab: the container, where it
// goes (the slot to drive to, large), where it comes from, and big Start, Done and Problem buttons.
// The task in hand (`current`) is drawn larger than the rest of the queue.
export function TerminalTaskCard({
  task,
  current,
  busy,
  onStart,
  onComplete,
  onProblem,
}: {
  task: Task;
  current: boolean;
  busy: boolean;
  onStart: () => void;
  onComplete: () => void;
  onProblem: () => void;
}) {
  const started = task.startedAt !== null;
  const target = taskTarget(task) || '—';
  return (
    <Card
      withBorder
      radius="md"
      padding={current ? 'md' : 'sm'}
      bg={current ? 'var(--mantine-color-dark-6)' : undefined}
      style={current ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}
      data-testid="terminal-task"
      data-task-id={task.taskId}
      data-container={task.containerNumber}
      data-status={task.status}
    >
      <Stack gap={current ? 'sm' : 6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text
            ff="monospace"
            fw={700}
            fz={current ? 28 : 20}
            style={{ letterSpacing: 1 }}
            data-testid="terminal-task-container"
          >
            {task.containerNumber}
          </Text>
          <Group gap={4} wrap="nowrap">
            {task.onPriority && (
              <Badge color="orange" size={current ? 'lg' : 'md'}>
                Priority
              </Badge>
            )}
            <TaskStatusBadge task={task} size={current ? 'lg' : 'sm'} />
          </Group>
        </Group>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase">
            Go to
          </Text>
          <Text ff="monospace" fw={700} fz={current ? 34 : 22} c="blue.3" lh={1.1} data-testid="terminal-task-target">
            {target}
          </Text>
        </div>
        <Text size={current ? 'md' : 'sm'}>
          From <b>{task.fromLocation ?? '—'}</b> · {task.taskType}
          {task.deliveryMode ? ` · ${task.deliveryMode}` : ''}
        </Text>
        {task.problem && (
          <Text size="sm" c="red.4">
            Problem: {task.problem}
          </Text>
        )}
        {/* A phone stacks the buttons at full width; a cab tablet has them side by side. */}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <Button
            size={current ? 'xl' : 'lg'}
            h={current ? 72 : 56}
            color="blue"
            variant={started ? 'default' : 'filled'}
            leftSection={<IconPlayerPlay size={22} />}
            onClick={onStart}
            disabled={busy || (started && !task.problem)}
            data-testid="terminal-start"
          >
            Start
          </Button>
          <Button
            size={current ? 'xl' : 'lg'}
            h={current ? 72 : 56}
            color="green"
            leftSection={<IconCheck size={22} />}
            onClick={onComplete}
            disabled={busy}
            data-testid="terminal-complete"
          >
            Done
          </Button>
          <Button
            size={current ? 'xl' : 'lg'}
            h={current ? 72 : 56}
            color="orange"
            variant="light"
            leftSection={<IconAlertTriangle size={22} />}
            onClick={onProblem}
            disabled={busy}
            data-testid="terminal-problem-open"
          >
            Problem
          </Button>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
