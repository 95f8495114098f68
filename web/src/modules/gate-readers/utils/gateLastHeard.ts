import type { Gate } from '@openyard/contracts';

// A gate was last heard from when its most recent reader was.
export function gateLastHeard(gate: Gate): number | null {
  let latest: number | null = null;
  for (const reader of gate.readers) {
    if (reader.statusLastReceived !== null && (latest === null || reader.statusLastReceived > latest)) {
      latest = reader.statusLastReceived;
    }
  }
  return latest;
}
