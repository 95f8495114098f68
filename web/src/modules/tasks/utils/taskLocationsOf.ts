import { SLOT_LOCATION, TRAILER_LOCATION } from '@openyard/contracts';

// The locations a task may go from or to: a truck's trailer, a slot of the yard (named in the slot
// title, spec 3 §3 toLocationDetails) and the yard's zones (Export Zone, Chasis 1, LCL Shed, ...),
// each once. The task type narrows them (locationsFor, spec 3 §5).
export function taskLocationsOf(yardZones: readonly string[]): string[] {
  return [...new Set([TRAILER_LOCATION, SLOT_LOCATION, ...yardZones.map((zone) => zone.trim()).filter(Boolean)])];
}
