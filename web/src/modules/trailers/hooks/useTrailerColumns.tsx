import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { Trailer } from '@openyard/contracts';
import { formatDateTime } from '../../../ui/formatDateTime';

const text = (value: string | null) => value ?? '';

// The trailers list's columns (spec 3 §3 Trailer), times in the yard's zone.
export function useTrailerColumns(timeZone: string | undefined) {
  return useMemo<ColumnDef<Trailer>[]>(
    () => [
      { id: 'trailerNumber', header: 'Trailer number', accessorFn: (row) => row.trailerNumber },
      { id: 'trailerTagId1', header: 'Trailer tag', accessorFn: (row) => text(row.trailerTagId1) },
      { id: 'trailerTagId2', header: 'Trailer tag 2', accessorFn: (row) => text(row.trailerTagId2) },
      { id: 'plaCard1', header: 'PLA card', accessorFn: (row) => text(row.plaCard1) },
      { id: 'containerNumber', header: 'Containers', accessorFn: (row) => text(row.containerNumber) },
      { id: 'trailerType', header: 'Trailer type', accessorFn: (row) => text(row.trailerType) },
      { id: 'type', header: 'Type', accessorFn: (row) => row.type },
      {
        id: 'entryDate',
        header: 'Entry',
        accessorFn: (row) => row.entryDate,
        cell: ({ row }) => formatDateTime(row.original.entryDate, timeZone),
      },
      {
        id: 'outDate',
        header: 'Out',
        accessorFn: (row) => row.outDate ?? 0,
        cell: ({ row }) =>
          row.original.outDate === null ? (
            <Badge size="sm" variant="light" color="green">
              In yard
            </Badge>
          ) : (
            formatDateTime(row.original.outDate, timeZone)
          ),
      },
      { id: 'dispatchMode', header: 'Dispatch mode', accessorFn: (row) => text(row.dispatchMode) },
    ],
    [timeZone],
  );
}
