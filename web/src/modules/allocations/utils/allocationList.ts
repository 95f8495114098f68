import type { ListSort } from '../../../ui/ListSort';
import type { ShownAllocation } from './allocationEdits';

export const ALLOCATION_SORT_COLUMNS = ['machine', 'area', 'fromTime', 'toTime'] as const;
export type AllocationSortColumn = (typeof ALLOCATION_SORT_COLUMNS)[number];

// The list's filter (spec 2 §2 "a list with sort and filter"): words that must each be in the
// machine's or the area's name (any case).
export function filterAllocations(rows: readonly ShownAllocation[], text: string): ShownAllocation[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...rows];
  return rows.filter((row) => {
    const haystack = `${row.machine} ${row.area}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

// The list sorted by a column over all its rows (then by start and machine); unsorted: by start.
export function sortAllocations(rows: readonly ShownAllocation[], sort: ListSort | null): ShownAllocation[] {
  const by = (sort?.sortBy ?? 'fromTime') as AllocationSortColumn;
  const direction = sort?.sortOrder === 'desc' ? -1 : 1;
  const value = (row: ShownAllocation) => row[by];
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    const primary = typeof x === 'string' ? x.localeCompare(String(y), undefined, { numeric: true }) : x - Number(y);
    return direction * primary || a.fromTime - b.fromTime || a.machine.localeCompare(b.machine) || a.id - b.id;
  });
}
