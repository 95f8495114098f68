import { byShiftStart, type LiveTopicMessage, type MachineShifts } from '@openyard/contracts';

// A live shifts change on the list shown: the shifts saved replace theirs or join, the deleted
// leave; the list stays in the order of the day (the server's order).
export function withShiftsChange(
  list: MachineShifts,
  { data: { saved, deletedIds } }: LiveTopicMessage<'shifts'>,
): MachineShifts {
  const gone = new Set([...deletedIds, ...saved.map((shift) => shift.id)]);
  const shifts = [...list.shifts.filter((shift) => !gone.has(shift.id)), ...saved].sort(byShiftStart);
  return { ...list, shifts };
}
