import { describe, expect, it } from 'vitest';
import type { ShownAllocation } from './allocationEdits';
import { ganttRowsOf, rowIdOf } from './ganttRows';

const allocation: ShownAllocation = {
  id: 1,
  machineId: 9,
  machine: 'RS-9',
  areaId: 5,
  area: 'E',
  fromTime: 0,
  toTime: 1,
  version: 0,
  edited: false,
};

describe('the Gantt’s rows', () => {
  const machines = [
    { id: 2, machineName: 'RS-10' },
    { id: 1, machineName: 'RS-2' },
  ];
  const areas = [
    { areaId: 3, name: 'B' },
    { areaId: 4, name: 'A' },
  ];

  it('lists every machine by name, or every area in the layout’s order', () => {
    expect(ganttRowsOf('machine', machines, areas, [])).toEqual([
      { id: 1, label: 'RS-2' },
      { id: 2, label: 'RS-10' },
    ]);
    expect(ganttRowsOf('area', machines, areas, []).map((row) => row.label)).toEqual(['B', 'A']);
  });

  it('adds a row for what an allocation names and the lists lack', () => {
    expect(ganttRowsOf('machine', machines, areas, [allocation]).at(-1)).toEqual({ id: 9, label: 'RS-9' });
    expect(ganttRowsOf('area', machines, areas, [allocation]).at(-1)).toEqual({ id: 5, label: 'E' });
    expect(rowIdOf(allocation, 'machine')).toBe(9);
    expect(rowIdOf(allocation, 'area')).toBe(5);
  });
});
