import { describe, expect, it } from 'vitest';
import type { ShownAllocation } from './allocationEdits';
import { barsToDraw, ganttLayout, ganttRowsOf, rowIdOf, rowIndexAt, rowsInView } from './ganttRows';

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

describe('the Gantt’s lanes', () => {
  const at = (id: number, areaId: number, fromTime: number, toTime: number): ShownAllocation => ({
    ...allocation,
    id,
    machineId: id,
    areaId,
    fromTime,
    toTime,
  });
  const geometry = { top: 30, bar: 24, gap: 5 };
  const rows = [
    { id: 1, label: 'A' },
    { id: 2, label: 'B' },
  ];

  it('gives allocations of a row that run at the same time lanes of their own, and grows the row', () => {
    const list = [at(10, 1, 8, 12), at(11, 1, 9, 10), at(12, 1, 12, 14), at(13, 1, 10, 13), at(14, 2, 0, 1)];
    const layout = ganttLayout(rows, list, 'area', geometry);
    expect(Object.fromEntries(layout.laneOf)).toEqual({ 10: 0, 11: 1, 13: 1, 12: 0, 14: 0 });
    expect(layout.rows).toEqual([
      { top: 30, height: 2 * 24 + 3 * 5, lanes: 2 },
      { top: 93, height: 34, lanes: 1 },
    ]);
    expect(layout.height).toBe(127);
  });

  it('finds the row under a point', () => {
    const layout = ganttLayout(rows, [at(10, 1, 8, 12), at(11, 1, 9, 10)], 'area', geometry);
    expect(rowIndexAt(layout, 0)).toBe(0);
    expect(rowIndexAt(layout, 92)).toBe(0);
    expect(rowIndexAt(layout, 93)).toBe(1);
    expect(rowIndexAt(layout, 500)).toBe(1);
  });

  it('draws only the rows a window of the chart shows, by their tops and heights', () => {
    // Ten rows of 34 px below a 30 px scale, the second of two lanes (63 px): 30, 64, 127, 161, ...
    const many = Array.from({ length: 10 }, (_, index) => ({ id: index + 1, label: `A${index + 1}` }));
    const layout = ganttLayout(many, [at(10, 2, 8, 12), at(11, 2, 9, 10)], 'area', geometry);
    expect(layout.rows.slice(0, 4).map((row) => row.top)).toEqual([30, 64, 127, 161]);
    expect(rowsInView(layout, 0, 30)).toEqual({ from: 0, to: 0 });
    expect(rowsInView(layout, 0, 31)).toEqual({ from: 0, to: 1 });
    expect(rowsInView(layout, 64, 127)).toEqual({ from: 1, to: 2 });
    expect(rowsInView(layout, 63, 128)).toEqual({ from: 0, to: 3 });
    expect(rowsInView(layout, 126, 10_000)).toEqual({ from: 1, to: 10 });
    expect(rowsInView(layout, 10_000, 20_000)).toEqual({ from: 10, to: 10 });
  });
});

describe('the bars drawn', () => {
  // Ten rows, one bar each, bar i on row i.
  const bars = Array.from({ length: 10 }, (_, index) => ({ ...allocation, id: 100 + index, machineId: index }));
  const byRow = new Map(bars.map((bar, index) => [index, [bar]]));
  const rowOf = (bar: ShownAllocation) => bar.machineId;

  it('are those of the rows in view', () => {
    expect(barsToDraw(bars, byRow, rowOf, { from: 2, to: 4 }, () => false).map((bar) => bar.id)).toEqual([102, 103]);
  });

  it('keep a bar out of view that is kept (dragged, focused, selected), once', () => {
    const kept = new Set([103, 108]);
    expect(barsToDraw(bars, byRow, rowOf, { from: 2, to: 4 }, (id) => kept.has(id)).map((bar) => bar.id)).toEqual([
      102, 103, 108,
    ]);
  });
});
