import { describe, expect, it } from 'vitest';
import type { LiveTopicMessage, MachineShift } from '@openyard/contracts';
import { withShiftsChange } from './withShiftsChange';

const shift = (id: number, name: string, fromHour: number): MachineShift => ({
  id,
  name,
  fromHour,
  fromMinute: 0,
  toHour: (fromHour + 8) % 24,
  toMinute: 0,
});
const message = (saved: MachineShift[], deletedIds: number[]): LiveTopicMessage<'shifts'> => ({
  type: 'shifts.changed.v1',
  topic: 'shifts',
  eventId: 'e',
  at: 1,
  data: { saved, deletedIds },
});

describe('withShiftsChange', () => {
  const list = { responsestatus: 'success', shifts: [shift(1, 'A', 6), shift(2, 'B', 14)] };

  it('adds a new shift in the order of the day and replaces a changed one', () => {
    const added = withShiftsChange(list, message([shift(3, 'Night', 22), shift(4, 'Early', 5)], []));
    expect(added.shifts.map((each) => each.id)).toEqual([4, 1, 2, 3]);
    const moved = withShiftsChange(list, message([{ ...shift(1, 'A', 16) }], []));
    expect(moved.shifts.map((each) => [each.id, each.fromHour])).toEqual([
      [2, 14],
      [1, 16],
    ]);
  });

  it('removes deleted shifts, and a repeat changes nothing', () => {
    const once = withShiftsChange(list, message([], [2, 9]));
    expect(once.shifts.map((each) => each.id)).toEqual([1]);
    expect(withShiftsChange(once, message([], [2, 9]))).toEqual(once);
  });
});
