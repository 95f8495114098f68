import { SLOT_LOCATION } from '@openyard/contracts';

// Where a task takes its container, as a driver reads it: the slot title when the target is Slot
// (spec 3 §3 toLocationDetails), else the target with its details when it has any.
export function taskTarget(task: { toLocation: string | null; toLocationDetails: string | null }): string {
  const to = task.toLocation?.trim() ?? '';
  const details = task.toLocationDetails?.trim() ?? '';
  if (to === SLOT_LOCATION) return details || SLOT_LOCATION;
  if (!to) return details;
  return details && details !== to ? `${to} (${details})` : to;
}
