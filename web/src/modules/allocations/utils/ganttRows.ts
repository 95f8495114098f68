import type { ShownAllocation } from './allocationEdits';

export type GanttView = 'machine' | 'area';

export interface GanttRow {
  id: number;
  label: string;
}

// The Gantt's rows (spec 2 §2 "a Gantt chart by machine or by area"): every machine, by name, or
// every area, in the layout's order; a machine or area that an allocation names but the lists do
// not (yet) hold gets a row too.
export function ganttRowsOf(
  view: GanttView,
  machines: readonly { id: number; machineName: string }[],
  areas: readonly { areaId: number; name: string }[],
  allocations: readonly ShownAllocation[],
): GanttRow[] {
  const rows: GanttRow[] =
    view === 'machine'
      ? [...machines]
          .sort((a, b) => a.machineName.localeCompare(b.machineName, undefined, { numeric: true }))
          .map((machine) => ({ id: machine.id, label: machine.machineName }))
      : areas.map((area) => ({ id: area.areaId, label: area.name }));
  const known = new Set(rows.map((row) => row.id));
  for (const allocation of allocations) {
    const id = view === 'machine' ? allocation.machineId : allocation.areaId;
    if (known.has(id)) continue;
    known.add(id);
    rows.push({ id, label: view === 'machine' ? allocation.machine : allocation.area });
  }
  return rows;
}

// The row an allocation is on in a view.
export const rowIdOf = (allocation: { machineId: number; areaId: number }, view: GanttView) =>
  view === 'machine' ? allocation.machineId : allocation.areaId;

export interface GanttGeometry {
  // Where the rows begin (below the scale), the bars' height and the space around them.
  top: number;
  bar: number;
  gap: number;
}

export interface GanttLayout {
  rows: { top: number; height: number; lanes: number }[];
  // The lane of each allocation in its row.
  laneOf: ReadonlyMap<number, number>;
  height: number;
}

// Where rows and bars go: allocations of a row that run at the same time (machines sharing an area,
// or a machine in two places at once) get lanes of their own, and the row grows to hold them.
export function ganttLayout(
  rows: readonly GanttRow[],
  allocations: readonly ShownAllocation[],
  view: GanttView,
  geometry: GanttGeometry,
): GanttLayout {
  const byRow = new Map<number, ShownAllocation[]>();
  for (const allocation of allocations) {
    const list = byRow.get(rowIdOf(allocation, view)) ?? [];
    list.push(allocation);
    byRow.set(rowIdOf(allocation, view), list);
  }
  const laneOf = new Map<number, number>();
  let top = geometry.top;
  const placed = rows.map((row) => {
    const ends: number[] = [];
    const list = [...(byRow.get(row.id) ?? [])].sort((a, b) => a.fromTime - b.fromTime || a.id - b.id);
    for (const allocation of list) {
      let lane = ends.findIndex((end) => end <= allocation.fromTime);
      if (lane < 0) lane = ends.length;
      ends[lane] = allocation.toTime;
      laneOf.set(allocation.id, lane);
    }
    const lanes = Math.max(ends.length, 1);
    const height = lanes * geometry.bar + (lanes + 1) * geometry.gap;
    const result = { top, height, lanes };
    top += height;
    return result;
  });
  return { rows: placed, laneOf, height: top };
}

// The row under a point of the chart (the first or last when above or below them).
export function rowIndexAt(layout: GanttLayout, y: number): number {
  const index = layout.rows.findIndex((row) => y < row.top + row.height);
  return index < 0 ? layout.rows.length - 1 : index;
}

// The rows that a window of the chart from `top` to `bottom` (pixels from the chart's top) shows,
// as the first index and the one after the last: the Gantt draws only those (and a margin), so that
// a yard of hundreds of machines draws and drags as fast as a small one.
export function rowsInView(layout: GanttLayout, top: number, bottom: number): { from: number; to: number } {
  const rows = layout.rows;
  // The first row that ends below `top`, by bisection (rows are in order, top to bottom).
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (rows[middle]!.top + rows[middle]!.height <= top) low = middle + 1;
    else high = middle;
  }
  let to = low;
  while (to < rows.length && rows[to]!.top < bottom) to += 1;
  return { from: low, to };
}

// The bars the Gantt draws: those of the rows in view (`barsByRow`, by row index), and those kept
// wherever their row is: the bar dragged, the bar with the keyboard focus (unmounting it would drop
// the focus) and the selected ones.
export function barsToDraw(
  allocations: readonly ShownAllocation[],
  barsByRow: ReadonlyMap<number, readonly ShownAllocation[]>,
  rowIndexOf: (allocation: ShownAllocation) => number,
  shown: { from: number; to: number },
  kept: (id: number) => boolean,
): ShownAllocation[] {
  const drawn: ShownAllocation[] = [];
  for (let index = shown.from; index < shown.to; index += 1) drawn.push(...(barsByRow.get(index) ?? []));
  for (const allocation of allocations) {
    const index = rowIndexOf(allocation);
    if ((index < shown.from || index >= shown.to) && kept(allocation.id)) drawn.push(allocation);
  }
  return drawn;
}
