import type { GateReader, GateReaderInput } from '@openyard/contracts';

// The full input of an existing reader, for a change of one field (e.g. attaching it to a gate).
export function readerInputOf(reader: GateReader): GateReaderInput {
  return {
    name: reader.name,
    readerType: reader.readerType,
    ip: reader.ip,
    gate: reader.gate ? { id: reader.gate.id } : null,
    positionLat: reader.positionLat,
    positionLong: reader.positionLong,
  };
}
