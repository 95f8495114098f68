import { useMemo } from 'react';
import { Badge, Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Plan } from '@openyard/contracts';
import { formatDateTime } from '../../../ui/formatDateTime';

// The saved plans' columns (Edit Plan): name, who made it (a planner or the engine), how many
// containers it holds slots for, when and by whom, and the button that opens it.
export function usePlanColumns(timeZone: string | undefined, onOpen: (plan: Plan) => void): ColumnDef<Plan>[] {
  return useMemo(
    () => [
      { id: 'name', header: 'Plan', accessorFn: (plan) => plan.name },
      {
        id: 'source',
        header: 'Made by',
        accessorFn: (plan) => plan.source,
        cell: ({ row }) => (
          <Badge variant="light" tt="none" color={row.original.source === 'engine' ? 'grape' : 'blue'}>
            {row.original.source === 'engine' ? 'Engine' : 'Planner'}
          </Badge>
        ),
      },
      { id: 'containers', header: 'Containers', accessorFn: (plan) => plan.plannedContainers.length },
      {
        id: 'createdAt',
        header: 'Created',
        accessorFn: (plan) => plan.createdAt,
        cell: ({ row }) => formatDateTime(row.original.createdAt, timeZone).slice(0, 16),
      },
      { id: 'createdBy', header: 'By', accessorFn: (plan) => plan.createdBy ?? '' },
      {
        id: 'open',
        header: '',
        cell: ({ row }) => (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPencil size={12} />}
            onClick={() => onOpen(row.original)}
            data-testid="planning-plan-open"
          >
            Edit
          </Button>
        ),
      },
    ],
    [timeZone, onOpen],
  );
}
