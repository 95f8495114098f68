import type { ContainerSearch } from './ContainerSearch';
import { endOfDay } from './endOfDay';
import { startOfDay } from './startOfDay';

// The 'All containers' tab: no search text, gate-in from one year back to the end of today
// (spec 1 §9), so containers that arrive while the screen is open still belong to the range.
export function defaultContainerSearch(now: Date = new Date()): ContainerSearch {
  const yearBack = new Date(now);
  yearBack.setFullYear(yearBack.getFullYear() - 1);
  return { id: 'all', texts: [], fromDate: startOfDay(yearBack), toDate: endOfDay(now) };
}
