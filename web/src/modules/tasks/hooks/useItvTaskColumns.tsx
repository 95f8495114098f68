import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ItvTask } from '@openyard/contracts';
import { formatDateTime } from '../../../ui/formatDateTime';

// The ITV task list's columns (spec 3 §3 ITV task); ids are the list call's sortBy names.
export function useItvTaskColumns(timeZone: string | undefined) {
  return useMemo<ColumnDef<ItvTask>[]>(
    () => [
      { id: 'containerNumber', header: 'Container', accessorFn: (row) => row.containerNumber },
      { id: 'size', header: 'Size', accessorFn: (row) => row.size ?? '' },
      { id: 'trailer', header: 'Trailer', accessorFn: (row) => row.trailer },
      { id: 'taskType', header: 'Task type', accessorFn: (row) => row.taskType },
      { id: 'fromLocation', header: 'From', accessorFn: (row) => row.fromLocation },
      { id: 'toLocation', header: 'To', accessorFn: (row) => row.toLocation },
      { id: 'toLocationDetails', header: 'To details', accessorFn: (row) => row.toLocationDetails ?? '' },
      {
        id: 'generationDate',
        header: 'Generated',
        accessorFn: (row) => row.generationDate,
        cell: ({ row }) => formatDateTime(row.original.generationDate, timeZone),
      },
      {
        id: 'completedDate',
        header: 'Completed',
        accessorFn: (row) => row.completedDate ?? 0,
        cell: ({ row }) =>
          row.original.completedDate === null ? (
            <Badge size="sm" variant="light" color="gray">
              Pending
            </Badge>
          ) : (
            formatDateTime(row.original.completedDate, timeZone)
          ),
      },
    ],
    [timeZone],
  );
}
