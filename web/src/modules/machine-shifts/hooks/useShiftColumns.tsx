import { Badge } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import {
  formatMinuteOfDay,
  shiftCrossesMidnight,
  shiftEndMinute,
  shiftLengthMinutes,
  shiftStartMinute,
  type MachineShift,
} from '@openyard/contracts';

const hours = (minutes: number) => `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;

const columns: ColumnDef<MachineShift>[] = [
  { id: 'name', header: 'Name', accessorFn: (row) => row.name },
  {
    id: 'from',
    header: 'From',
    accessorFn: shiftStartMinute,
    cell: ({ row }) => formatMinuteOfDay(shiftStartMinute(row.original)),
  },
  {
    id: 'to',
    header: 'To',
    accessorFn: shiftEndMinute,
    cell: ({ row }) =>
      shiftCrossesMidnight(row.original) ? (
        <>
          {formatMinuteOfDay(shiftEndMinute(row.original))}{' '}
          <Badge size="xs" variant="light" color="indigo" title="The shift ends on the next day">
            next day
          </Badge>
        </>
      ) : (
        formatMinuteOfDay(shiftEndMinute(row.original))
      ),
  },
  {
    id: 'length',
    header: 'Length',
    accessorFn: shiftLengthMinutes,
    cell: ({ row }) => hours(shiftLengthMinutes(row.original)),
  },
];

// The shifts list's columns (spec 2 §3 Machine shift), times in the yard's clock.
export function useShiftColumns(): ColumnDef<MachineShift>[] {
  return columns;
}
