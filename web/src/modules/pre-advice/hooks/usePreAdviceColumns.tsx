import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { PreAdvice } from '@openyard/contracts';
import { formatDateTime } from '../../../ui/formatDateTime';

// The pre-advice list's columns; times in the yard's zone.
export function usePreAdviceColumns(timeZone: string | undefined): ColumnDef<PreAdvice>[] {
  return useMemo(
    () => [
      { id: 'containerNumber', header: 'Container number', accessorFn: (row) => row.containerNumber },
      {
        id: 'expected',
        header: 'Expected',
        accessorFn: (row) =>
          `${formatDateTime(row.expectedFrom, timeZone).slice(0, 16)} – ${formatDateTime(row.expectedTo, timeZone).slice(0, 16)}`,
      },
      { id: 'liner', header: 'Liner', accessorFn: (row) => row.liner ?? '' },
      {
        id: 'process',
        header: 'Process',
        accessorFn: (row) => [row.process, row.category].filter(Boolean).join(' / '),
      },
      {
        id: 'sizeType',
        header: 'Size / type',
        accessorFn: (row) => [row.containerSize, row.containerType].filter(Boolean).join(' / '),
      },
      { id: 'trailerNumber', header: 'Trailer', accessorFn: (row) => row.trailerNumber ?? '' },
      { id: 'source', header: 'Source', accessorFn: (row) => row.source },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (row) => row.usedAt ?? 0,
        cell: ({ row }) =>
          row.original.usedAt === null ? (
            <Badge variant="light" color="blue" tt="none">
              Open
            </Badge>
          ) : (
            <Badge variant="light" color="gray" tt="none">
              Gated in {formatDateTime(row.original.usedAt, timeZone).slice(0, 16)}
            </Badge>
          ),
      },
    ],
    [timeZone],
  );
}
