import type { LiveTopicMessage, YardLocation } from '@openyard/contracts';

const byName = (a: YardLocation, b: YardLocation) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;

// A live yard locations change on the list shown: the locations saved replace theirs or join, the
// deleted leave; the list stays in name order (the server's order).
export function withYardLocationsChange(
  list: YardLocation[],
  { data: { saved, deletedIds } }: LiveTopicMessage<'yard-locations'>,
): YardLocation[] {
  const gone = new Set([...deletedIds, ...saved.map((location) => location.id)]);
  return [...list.filter((location) => !gone.has(location.id)), ...saved].sort(byName);
}
