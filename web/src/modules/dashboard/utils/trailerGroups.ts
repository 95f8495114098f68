import type { YardTrailerGroup } from '@openyard/contracts';

// The trailers widget's pie: trailers inside by their gate-in type (the visit's purpose, spec 1 §9
// Trailer gate-in types), whatever their trailer type, largest first.
export function trailersByGateInType(groups: readonly YardTrailerGroup[]) {
  const counts = new Map<string, { count: number; tatViolated: number }>();
  for (const group of groups) {
    const entry = counts.get(group.trailerGateInType) ?? { count: 0, tatViolated: 0 };
    entry.count += group.count;
    entry.tatViolated += group.tatViolated;
    counts.set(group.trailerGateInType, entry);
  }
  return [...counts]
    .map(([type, entry]) => ({ type, ...entry }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}
