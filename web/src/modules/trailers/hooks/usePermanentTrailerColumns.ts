import type { ColumnDef } from '@tanstack/react-table';
import type { PermanentTrailer } from '@openyard/contracts';

const columns: ColumnDef<PermanentTrailer>[] = [
  { id: 'trailerNumber', header: 'Trailer number', accessorFn: (row) => row.trailerNumber },
  { id: 'trailerTag', header: 'Trailer tag', accessorFn: (row) => row.trailerTag },
  { id: 'trailerType', header: 'Trailer type', accessorFn: (row) => row.trailerType ?? '' },
  { id: 'transporter', header: 'Transporter', accessorFn: (row) => row.transporter ?? '' },
];

// The permanent trailer list's columns (spec 3 §3 Permanent trailer).
export function usePermanentTrailerColumns(): ColumnDef<PermanentTrailer>[] {
  return columns;
}
