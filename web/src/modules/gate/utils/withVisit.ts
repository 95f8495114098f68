import type { TruckVisit, TrucksInside } from '@openyard/contracts';

// The trucks inside a gate (or through every gate: 'all') after a visit message (gate.visit.v1): a
// visit with an out date left, another gate's visit is not this list's, any other one is added or
// replaced.
export function withVisit(trucks: TrucksInside, visit: TruckVisit, gateId: number | 'all'): TrucksInside {
  const others = trucks.visits.filter((shown) => shown.id !== visit.id);
  if (visit.outDate !== null || (gateId !== 'all' && visit.gateId !== gateId))
    return others.length === trucks.visits.length ? trucks : { ...trucks, visits: others };
  return { ...trucks, visits: [...others, visit].sort((a, b) => a.entryDate - b.entryDate || a.id - b.id) };
}
