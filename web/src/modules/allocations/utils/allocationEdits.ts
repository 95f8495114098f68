import { overlappingAllocations, type MachineAllocation, type MachineAllocationSave } from '@openyard/contracts';

// An allocation as the planner has moved it on the Gantt (machine, area, times), with the version
// it was moved from: the save names that version, so a change made meanwhile by someone else is
// refused rather than overwritten.
export interface AllocationDraft {
  machineId: number;
  areaId: number;
  fromTime: number;
  toTime: number;
  version: number;
}

export type AllocationEdits = ReadonlyMap<number, AllocationDraft>;

// An allocation as shown: the server's, or the planner's draft of it with the edited flag.
export interface ShownAllocation extends MachineAllocation {
  edited: boolean;
}

const samePlace = (a: Omit<AllocationDraft, 'version'>, b: Omit<AllocationDraft, 'version'>) =>
  a.machineId === b.machineId && a.areaId === b.areaId && a.fromTime === b.fromTime && a.toTime === b.toTime;

// The edits after an allocation was dragged to `next`. Dragging or resizing marks it edited; if
// nothing changed from the server's allocation the edited flag is cleared (spec 2 §4).
export function withEdit(
  edits: AllocationEdits,
  original: MachineAllocation,
  next: Omit<AllocationDraft, 'version'>,
): AllocationEdits {
  const result = new Map(edits);
  if (samePlace(original, next)) result.delete(original.id);
  else result.set(original.id, { ...next, version: edits.get(original.id)?.version ?? original.version });
  return result;
}

// The day's allocations with the drafts on them, named by the machine and area they now have.
// Drafts of allocations gone meanwhile are not shown; a draft that the server's allocation now
// equals is not edited any more.
export function shownAllocations(
  allocations: readonly MachineAllocation[],
  edits: AllocationEdits,
  names: { machine: (id: number) => string | undefined; area: (id: number) => string | undefined },
): ShownAllocation[] {
  return allocations.map((allocation) => {
    const draft = edits.get(allocation.id);
    if (!draft || samePlace(allocation, draft)) return { ...allocation, edited: false };
    return {
      ...allocation,
      machineId: draft.machineId,
      machine: names.machine(draft.machineId) ?? allocation.machine,
      areaId: draft.areaId,
      area: names.area(draft.areaId) ?? allocation.area,
      fromTime: draft.fromTime,
      toTime: draft.toTime,
      edited: true,
    };
  });
}

// The saves of the edited allocations: one per area they are now in (spec 2 §5 "with several
// areas, one save is made per area"), each naming the version its allocations were moved from.
export function savesByArea(shown: readonly ShownAllocation[], edits: AllocationEdits): MachineAllocationSave[] {
  const byArea = new Map<number, MachineAllocationSave['allocations']>();
  for (const allocation of shown) {
    if (!allocation.edited) continue;
    const list = byArea.get(allocation.areaId) ?? [];
    list.push({
      id: allocation.id,
      version: edits.get(allocation.id)?.version ?? allocation.version,
      machineId: allocation.machineId,
      fromTime: allocation.fromTime,
      toTime: allocation.toTime,
    });
    byArea.set(allocation.areaId, list);
  }
  return [...byArea].map(([areaId, allocations]) => ({ areaId, allocations }));
}

// The allocations that put a machine in two places at once, as shown (the server refuses them).
export function conflictingIds(shown: readonly ShownAllocation[]): ReadonlySet<number> {
  return new Set(overlappingAllocations(shown).flatMap(([a, b]) => [a.id, b.id]));
}
