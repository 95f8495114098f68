import type { Itv } from '@openyard/contracts';

// An ITV as an edit leaves it: the edit's fields, and the newer of the two positions (an edit does
// not move it; a position coalesced by the hub may have come after the edit was read).
export function itvAfterEdit(shown: Itv, changed: Itv): Itv {
  if ((shown.lastDataReceived ?? 0) <= (changed.lastDataReceived ?? 0)) return changed;
  const { latitude, longitude, lastDataReceived, status } = shown;
  return { ...changed, latitude, longitude, lastDataReceived, status };
}
