import type { Gate } from '@openyard/contracts';
import type { GateHealthUpdate } from './GateHealthUpdate';
import { readerWithHealth } from './readerWithHealth';

// Gates after a health transition: the named gate takes the new status and its readers theirs
// (gateId null is about readers on no gate).
export function withHealth(gates: readonly Gate[], update: GateHealthUpdate): Gate[] {
  const readerIds = new Set(update.readers.map((reader) => reader.id));
  return gates.map((gate) => {
    if (gate.id !== update.gateId && !gate.readers.some((reader) => readerIds.has(reader.id))) return gate;
    return {
      ...gate,
      healthStatus: gate.id === update.gateId ? update.healthStatus : gate.healthStatus,
      readers: gate.readers.map((reader) => readerWithHealth(reader, update)),
    };
  });
}
