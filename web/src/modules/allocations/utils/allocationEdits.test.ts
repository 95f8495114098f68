import { describe, expect, it } from 'vitest';
import type { MachineAllocation } from '@openyard/contracts';
import { conflictingIds, savesByArea, shownAllocations, withEdit, type AllocationEdits } from './allocationEdits';

const HOUR = 3_600_000;
const allocation = (id: number, machineId: number, areaId: number, from: number, to: number): MachineAllocation => ({
  id,
  machineId,
  machine: `M${machineId}`,
  areaId,
  area: `A${areaId}`,
  fromTime: from * HOUR,
  toTime: to * HOUR,
  version: 3,
});
const names = { machine: (id: number) => `M${id}`, area: (id: number) => `A${id}` };

describe('allocation edits', () => {
  const a = allocation(1, 7, 1, 8, 12);
  const b = allocation(2, 8, 2, 8, 12);

  it('marks a dragged allocation edited and clears the flag when it is back where it was (spec 2 §4)', () => {
    const moved = withEdit(new Map(), a, { machineId: 7, areaId: 1, fromTime: 9 * HOUR, toTime: 13 * HOUR });
    expect(moved.get(1)).toEqual({ machineId: 7, areaId: 1, fromTime: 9 * HOUR, toTime: 13 * HOUR, version: 3 });
    const back = withEdit(moved, a, { machineId: 7, areaId: 1, fromTime: 8 * HOUR, toTime: 12 * HOUR });
    expect(back.size).toBe(0);
    expect(shownAllocations([a], back, names)).toEqual([{ ...a, edited: false }]);
  });

  it('keeps the version the first drag started from', () => {
    const first = withEdit(new Map(), a, { machineId: 7, areaId: 1, fromTime: 9 * HOUR, toTime: 13 * HOUR });
    const meanwhile = { ...a, version: 4 };
    const second = withEdit(first, meanwhile, { machineId: 7, areaId: 1, fromTime: 10 * HOUR, toTime: 14 * HOUR });
    expect(second.get(1)?.version).toBe(3);
  });

  it('shows drafts with the names of their new machine and area; a draft the server now equals is not edited', () => {
    const edits: AllocationEdits = new Map([
      [1, { machineId: 8, areaId: 2, fromTime: 9 * HOUR, toTime: 10 * HOUR, version: 3 }],
    ]);
    const [shown] = shownAllocations([a], edits, names);
    expect(shown).toMatchObject({ machine: 'M8', area: 'A2', fromTime: 9 * HOUR, edited: true });
    const caughtUp = { ...a, machineId: 8, areaId: 2, fromTime: 9 * HOUR, toTime: 10 * HOUR, version: 4 };
    expect(shownAllocations([caughtUp], edits, names)[0]!.edited).toBe(false);
    // A draft of an allocation deleted meanwhile shows nothing.
    expect(shownAllocations([b], edits, names)).toEqual([{ ...b, edited: false }]);
  });

  it('saves the edited allocations once per area they are now in', () => {
    const c = allocation(3, 9, 1, 14, 16);
    let edits: AllocationEdits = new Map();
    edits = withEdit(edits, a, { machineId: 7, areaId: 2, fromTime: 8 * HOUR, toTime: 12 * HOUR });
    edits = withEdit(edits, c, { machineId: 9, areaId: 1, fromTime: 15 * HOUR, toTime: 16 * HOUR });
    const shown = shownAllocations([a, b, c], edits, names);
    expect(savesByArea(shown, edits)).toEqual([
      { areaId: 2, allocations: [{ id: 1, version: 3, machineId: 7, fromTime: 8 * HOUR, toTime: 12 * HOUR }] },
      { areaId: 1, allocations: [{ id: 3, version: 3, machineId: 9, fromTime: 15 * HOUR, toTime: 16 * HOUR }] },
    ]);
  });

  it('finds the allocations that put a machine in two places at once', () => {
    const edits = withEdit(new Map(), b, { machineId: 7, areaId: 2, fromTime: 11 * HOUR, toTime: 13 * HOUR });
    expect([...conflictingIds(shownAllocations([a, b], edits, names))].sort()).toEqual([1, 2]);
    expect(conflictingIds(shownAllocations([a, b], new Map(), names)).size).toBe(0);
  });
});
