import { messages } from '../messages';
import { normalizeContainerNumber } from './iso6346';

export const MAX_SEARCH_CONTAINERS = 10;

export type ContainerSearch =
  | { kind: 'numbers'; numbers: string[] }
  | { kind: 'igm'; igm: string; item: string }
  | { kind: 'error'; error: string };

// Kiosk and mobile container search (spec 2 §5): at least one entry; up to 10 container numbers,
// or a single IGM item (it holds a colon). Entries are separated by commas.
export function containerSearch(text: string): ContainerSearch {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) return { kind: 'error', error: messages.searchNothingGiven };
  const igmItems = entries.filter((entry) => entry.includes(':'));
  if (igmItems.length) {
    if (entries.length !== 1) return { kind: 'error', error: messages.searchTooMany };
    const [igm = '', item = ''] = entries[0]!.split(':').map((part) => part.trim());
    if (!igm || !item) return { kind: 'error', error: messages.searchNothingGiven };
    return { kind: 'igm', igm, item };
  }
  if (entries.length > MAX_SEARCH_CONTAINERS) return { kind: 'error', error: messages.searchTooMany };
  return { kind: 'numbers', numbers: [...new Set(entries.map(normalizeContainerNumber))] };
}
