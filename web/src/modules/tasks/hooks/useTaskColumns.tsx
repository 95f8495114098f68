import { useMemo } from 'react';
import { Badge, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { Task } from '@openyard/contracts';
import { formatDateTime } from '../../../ui/formatDateTime';
import { TaskStatusBadge } from '../components/TaskStatusBadge';
import { taskTarget } from '../utils/taskTarget';

const text = (value: string | null) => value ?? '';

// The tasks list's columns (spec 3 §3 Task); their ids are the list call's sortBy names (spec 3 §7).
export function useTaskColumns(timeZone: string | undefined) {
  return useMemo<ColumnDef<Task>[]>(
    () => [
      {
        id: 'containerNumber',
        header: 'Container',
        accessorFn: (row) => row.containerNumber,
        cell: ({ row }) => (
          <Text size="xs" ff="monospace" fw={600}>
            {row.original.containerNumber}
          </Text>
        ),
      },
      { id: 'taskType', header: 'Task type', accessorFn: (row) => row.taskType },
      { id: 'deliveryMode', header: 'Delivery mode', accessorFn: (row) => text(row.deliveryMode) },
      { id: 'fromLocation', header: 'From', accessorFn: (row) => text(row.fromLocation) },
      { id: 'toLocation', header: 'To', accessorFn: (row) => taskTarget(row) },
      { id: 'assignedToMachine', header: 'Machine', accessorFn: (row) => row.assignedToMachine },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (row) => row.status,
        cell: ({ row }) => <TaskStatusBadge task={row.original} />,
      },
      {
        id: 'onPriority',
        header: 'Priority',
        accessorFn: (row) => (row.onPriority ? 1 : 0),
        cell: ({ row }) =>
          row.original.onPriority ? (
            <Badge size="sm" color="orange" variant="light">
              Priority
            </Badge>
          ) : null,
      },
      {
        id: 'generateDate',
        header: 'Generated',
        accessorFn: (row) => row.generateDate,
        cell: ({ row }) => formatDateTime(row.original.generateDate, timeZone),
      },
      {
        id: 'completionDate',
        header: 'Completed',
        accessorFn: (row) => row.completionDate ?? 0,
        cell: ({ row }) => formatDateTime(row.original.completionDate, timeZone),
      },
      {
        id: 'completedBy',
        header: 'Done by',
        accessorFn: (row) => row.completedByMachine ?? row.completedBy ?? '',
      },
    ],
    [timeZone],
  );
}
