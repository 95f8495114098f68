import type { ColumnDef } from '@tanstack/react-table';
import type { PlaCard } from '@openyard/contracts';

const columns: ColumnDef<PlaCard>[] = [
  { id: 'trailerTagNumber', header: 'Trailer tag number', accessorFn: (row) => row.trailerTagNumber },
  { id: 'plaCardNumber', header: 'PLA card number', accessorFn: (row) => row.plaCardNumber },
];

// The PLA card list's columns (spec 3 §3 PLA card mapping).
export function usePlaCardColumns(): ColumnDef<PlaCard>[] {
  return columns;
}
