import { shiftYardDay, yardDayOf, yardDaysRange } from '@openyard/contracts';
import type { ContainerSearch } from './ContainerSearch';

// The 'All containers' tab: no search text, gate-in from one year back to the end of today
// (spec 1 §9), in yard days (the yard's time zone), so containers that arrive while the screen is
// open still belong to the range.
export function defaultContainerSearch(now: Date = new Date(), timeZone?: string): ContainerSearch {
  const today = yardDayOf(now.getTime(), timeZone);
  const { from, to } = yardDaysRange(shiftYardDay(today, { years: -1 }), today, timeZone);
  return { id: 'all', texts: [], fromDate: from, toDate: to };
}
