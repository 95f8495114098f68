import { Badge, Tooltip } from '@mantine/core';
import type { Task, TaskStatus } from '@openyard/contracts';

const colours: Record<TaskStatus, string> = {
  pending: 'gray',
  started: 'blue',
  problem: 'red',
  completed: 'green',
};
const labels: Record<TaskStatus, string> = {
  pending: 'Pending',
  started: 'Started',
  problem: 'Problem',
  completed: 'Completed',
};

// Where a task stands (spec 3 §4; started and problem come from the machine terminal), with the
// driver's problem on hover.
export function TaskStatusBadge({
  task,
  size = 'sm',
}: {
  task: Pick<Task, 'status' | 'problem'>;
  size?: 'sm' | 'lg' | 'xl';
}) {
  const badge = (
    <Badge color={colours[task.status]} variant="light" size={size} data-testid="task-status" data-status={task.status}>
      {labels[task.status]}
    </Badge>
  );
  return task.problem ? <Tooltip label={task.problem}>{badge}</Tooltip> : badge;
}
