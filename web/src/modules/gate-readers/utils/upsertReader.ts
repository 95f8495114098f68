import type { GateReader } from '@openyard/contracts';

// The reader list with this reader replaced in place, or added at the end when it is new.
export function upsertReader(readers: readonly GateReader[], reader: GateReader): GateReader[] {
  const index = readers.findIndex((candidate) => candidate.id === reader.id);
  if (index < 0) return [...readers, reader];
  return readers.map((candidate, i) => (i === index ? reader : candidate));
}
