import type { ColumnDef } from '@tanstack/react-table';
import type { MachineSummary } from '../utils/machineSummaries';

const count = (key: keyof Omit<MachineSummary, 'machine'>, header: string): ColumnDef<MachineSummary> => ({
  id: key,
  header,
  accessorFn: (row) => row[key],
});

const columns: ColumnDef<MachineSummary>[] = [
  { id: 'machine', header: 'Machine', accessorFn: (row) => row.machine },
  count('productive', 'Productive moves'),
  count('waste', 'Waste moves'),
  count('movements', 'Movements'),
  count('averageMovements', 'Movements / day'),
  count('completedTasks', 'Completed tasks'),
  count('averageCompletedTasks', 'Tasks / day'),
];

// The machines table: each machine's movements and completed tasks over the period, and per day
// (spec 3 §3 machineMovements and machineTasks; §9 averages without decimals).
export function useMachineSummaryColumns(): ColumnDef<MachineSummary>[] {
  return columns;
}
