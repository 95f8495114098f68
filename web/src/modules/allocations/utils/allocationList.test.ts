import { describe, expect, it } from 'vitest';
import type { ShownAllocation } from './allocationEdits';
import { filterAllocations, sortAllocations } from './allocationList';

const row = (id: number, machine: string, area: string, fromTime: number, toTime: number): ShownAllocation => ({
  id,
  machineId: id,
  machine,
  areaId: id,
  area,
  fromTime,
  toTime,
  version: 0,
  edited: false,
});

describe('the allocation list', () => {
  const rows = [row(1, 'RS-10', 'B', 5, 9), row(2, 'RS-2', 'A', 1, 20), row(3, 'FL-1', 'A', 3, 4)];

  it('filters by words of the machine or the area', () => {
    expect(filterAllocations(rows, 'rs').map((each) => each.id)).toEqual([1, 2]);
    expect(filterAllocations(rows, ' a  rs ').map((each) => each.id)).toEqual([2]);
    expect(filterAllocations(rows, 'b')).toEqual([rows[0]]);
    expect(filterAllocations(rows, '')).toEqual(rows);
  });

  it('sorts every row by a column, names in natural order, unsorted by start', () => {
    expect(sortAllocations(rows, null).map((each) => each.id)).toEqual([2, 3, 1]);
    expect(sortAllocations(rows, { sortBy: 'machine', sortOrder: 'asc' }).map((each) => each.id)).toEqual([3, 2, 1]);
    expect(sortAllocations(rows, { sortBy: 'area', sortOrder: 'desc' }).map((each) => each.id)).toEqual([1, 2, 3]);
    expect(sortAllocations(rows, { sortBy: 'toTime', sortOrder: 'desc' }).map((each) => each.id)).toEqual([2, 1, 3]);
  });
});
