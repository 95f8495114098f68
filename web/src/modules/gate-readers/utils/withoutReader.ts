import { gateHealth, type Gate } from '@openyard/contracts';

// The gates after a reader was deleted.
export function withoutReader(gates: readonly Gate[], readerId: number): Gate[] {
  return gates.map((gate) => {
    if (!gate.readers.some((reader) => reader.id === readerId)) return gate;
    const readers = gate.readers.filter((reader) => reader.id !== readerId);
    return { ...gate, readers, healthStatus: gateHealth(readers.map((reader) => reader.healthStatus)) };
  });
}
