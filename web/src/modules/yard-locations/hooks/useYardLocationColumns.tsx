import { Badge } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { YardLocation } from '@openyard/contracts';
import { YARD_LOCATION_TYPE_LABELS } from '../utils/yardLocationTypes';

const columns: ColumnDef<YardLocation>[] = [
  { id: 'name', header: 'Name', accessorFn: (row) => row.name },
  {
    id: 'type',
    header: 'Type',
    accessorFn: (row) => row.type,
    cell: ({ row }) => (
      <Badge size="sm" variant="light" color={row.original.type === 'YARD_ZONE' ? 'yellow' : 'violet'}>
        {YARD_LOCATION_TYPE_LABELS[row.original.type]}
      </Badge>
    ),
  },
  { id: 'points', header: 'Points', accessorFn: (row) => row.coordinates.length },
];

// The yard locations list's columns (spec 3 §3 Yard location).
export function useYardLocationColumns(): ColumnDef<YardLocation>[] {
  return columns;
}
