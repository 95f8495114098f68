import { periodsOverlap, type LiveTopicMessage, type MachineAllocationsDay } from '@openyard/contracts';

// A live allocations change on the day shown (another planner saved or deleted): the allocations
// saved replace theirs, join when they run on this day or leave when they no longer do; the
// deleted leave. In the server's order: by start, then machine.
export function withAllocationsChange(
  day: MachineAllocationsDay,
  { data: { saved, deletedIds } }: LiveTopicMessage<'machine-allocations'>,
): MachineAllocationsDay {
  const gone = new Set([...deletedIds, ...saved.map((allocation) => allocation.id)]);
  const period = { fromTime: day.dayStart, toTime: day.dayEnd };
  const allocations = [
    ...day.allocations.filter((allocation) => !gone.has(allocation.id)),
    ...saved.filter((allocation) => periodsOverlap(allocation, period)),
  ].sort((a, b) => a.fromTime - b.fromTime || a.machine.localeCompare(b.machine) || a.id - b.id);
  return { ...day, allocations };
}
