import { dateInputValue } from './dateInputValue';
import type { ContainerSearch } from './ContainerSearch';

// The title of a search's tab: its texts, or its dates when it searched by dates only.
export function searchLabelOf(search: ContainerSearch): string {
  if (search.texts.length) return search.texts.join(' & ');
  return `${dateInputValue(search.fromDate)} – ${dateInputValue(search.toDate)}`;
}
