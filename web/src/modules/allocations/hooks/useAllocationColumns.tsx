import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { allocationTimeText, type AllocationRowColour } from '@openyard/contracts';
import type { ShownAllocation } from '../utils/allocationEdits';
import { ALLOCATION_TONES } from '../utils/allocationTone';

const durationText = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
};

// The allocation list's columns (spec 2 §3 Machine allocation), times on the yard's clock; the
// state the row colour stands for (spec 2 §4) is written too.
export function useAllocationColumns(
  timeZone: string | undefined,
  toneOf: (allocation: ShownAllocation) => AllocationRowColour,
): ColumnDef<ShownAllocation>[] {
  return useMemo(
    () => [
      { id: 'machine', header: 'Machine', accessorFn: (row) => row.machine },
      { id: 'area', header: 'Area', accessorFn: (row) => row.area },
      {
        id: 'fromTime',
        header: 'From',
        accessorFn: (row) => row.fromTime,
        cell: ({ row }) => allocationTimeText(row.original.fromTime, timeZone),
      },
      {
        id: 'toTime',
        header: 'To',
        accessorFn: (row) => row.toTime,
        cell: ({ row }) => allocationTimeText(row.original.toTime, timeZone, true),
      },
      {
        id: 'duration',
        header: 'Duration',
        cell: ({ row }) => durationText(row.original.toTime - row.original.fromTime),
      },
      {
        id: 'state',
        header: 'State',
        cell: ({ row }) => (
          <>
            {ALLOCATION_TONES[toneOf(row.original)].label}
            {row.original.edited && (
              <Badge ml={6} size="xs" color="harbour" variant="filled" data-testid="allocation-edited">
                edited
              </Badge>
            )}
          </>
        ),
      },
    ],
    [timeZone, toneOf],
  );
}
