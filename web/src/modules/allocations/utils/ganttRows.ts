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
