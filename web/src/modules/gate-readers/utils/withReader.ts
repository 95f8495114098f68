import { gateHealth, type Gate, type GateReader } from '@openyard/contracts';

// The gates after a reader changed: it leaves the gate it was on, joins (or stays in place on) the
// gate it names, and the health of each gate follows its readers (spec 1 §4).
export function withReader(gates: readonly Gate[], reader: GateReader): Gate[] {
  const targetGateId = reader.gate?.id ?? null;
  return gates.map((gate) => {
    const index = gate.readers.findIndex((candidate) => candidate.id === reader.id);
    let readers: GateReader[];
    if (gate.id === targetGateId) {
      readers =
        index >= 0 ? gate.readers.map((candidate, i) => (i === index ? reader : candidate)) : [...gate.readers, reader];
    } else if (index >= 0) {
      readers = gate.readers.filter((candidate) => candidate.id !== reader.id);
    } else return gate;
    return { ...gate, readers, healthStatus: gateHealth(readers.map((candidate) => candidate.healthStatus)) };
  });
}
