import type { GateReader } from '@openyard/contracts';
import type { GateHealthUpdate } from './GateHealthUpdate';

// The reader with the health a transition gives it, or unchanged when the transition is not about it.
export function readerWithHealth(reader: GateReader, update: GateHealthUpdate): GateReader {
  const change = update.readers.find((candidate) => candidate.id === reader.id);
  return change
    ? {
        ...reader,
        healthStatus: change.healthStatus,
        statusLastReceived: change.statusLastReceived,
        rfStatus: change.rfStatus,
      }
    : reader;
}
