import { yardDayOf } from '@openyard/contracts';
import type { ContainerSearch } from './ContainerSearch';

// The title of a search's tab: its texts, or its yard days when it searched by dates only.
export function searchLabelOf(search: ContainerSearch, timeZone?: string): string {
  if (search.texts.length) return search.texts.join(' & ');
  return `${yardDayOf(search.fromDate, timeZone)} – ${yardDayOf(search.toDate, timeZone)}`;
}
