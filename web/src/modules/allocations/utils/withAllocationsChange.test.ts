import { describe, expect, it } from 'vitest';
import type { LiveTopicMessage, MachineAllocation } from '@openyard/contracts';
import { withAllocationsChange } from './withAllocationsChange';

const HOUR = 3_600_000;
const allocation = (id: number, machine: string, from: number, to: number): MachineAllocation => ({
  id,
  machineId: id,
  machine,
  areaId: 1,
  area: 'A',
  fromTime: from * HOUR,
  toTime: to * HOUR,
  version: 0,
});
const message = (saved: MachineAllocation[], deletedIds: number[]): LiveTopicMessage<'machine-allocations'> => ({
  type: 'machineAllocations.changed.v1',
  topic: 'machine-allocations',
  eventId: 'e',
  at: 1,
  data: { saved, deletedIds },
});

describe('withAllocationsChange', () => {
  const day = { day: '2027-03-02', dayStart: 0, dayEnd: 24 * HOUR, allocations: [allocation(1, 'RS-2', 8, 12)] };

  it('adds allocations saved for this day in order, and replaces a changed one', () => {
    const next = withAllocationsChange(day, message([allocation(2, 'RS-1', 8, 10), allocation(3, 'RS-3', 6, 7)], []));
    expect(next.allocations.map((each) => each.id)).toEqual([3, 2, 1]);
    const changed = withAllocationsChange(day, message([{ ...allocation(1, 'RS-2', 9, 12), version: 1 }], []));
    expect(changed.allocations).toEqual([{ ...allocation(1, 'RS-2', 9, 12), version: 1 }]);
  });

  it('leaves out allocations of other days, moved away or deleted; a repeat changes nothing', () => {
    expect(withAllocationsChange(day, message([allocation(4, 'RS-4', 25, 26)], [])).allocations).toHaveLength(1);
    expect(withAllocationsChange(day, message([allocation(1, 'RS-2', 30, 31)], [])).allocations).toEqual([]);
    const deleted = withAllocationsChange(day, message([], [1]));
    expect(deleted.allocations).toEqual([]);
    expect(withAllocationsChange(deleted, message([], [1]))).toEqual(deleted);
  });
});
