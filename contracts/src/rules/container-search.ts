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

// What the inventory search (spec 2 §2) takes for container numbers: whole numbers (with or
// without the check digit) and the start of one, an owner code with its category identifier
// (MSCU, ISO 6346) and perhaps the first serial digits, which is how people ask for one owner's
// boxes. Each term matches the numbers that start with it.
const WHOLE_NUMBER = /^[A-Z]{4}\d{6,7}$/;
const OWNER_PREFIX = /^[A-Z]{3}[UJZ]\d{0,5}$/;

export function isContainerNumberTerm(term: string): boolean {
  return WHOLE_NUMBER.test(term) || OWNER_PREFIX.test(term);
}

export function isWholeContainerNumber(term: string): boolean {
  return WHOLE_NUMBER.test(term);
}

// The search text as container-number terms (upper case, no separators), or null when it is not
// made of them (an IGM, an IGM item or a slot name). A number typed as painted (CSQU 305438 3) is
// one term; several are separated by commas or spaces.
export function containerNumberTerms(text: string): string[] | null {
  const whole = normalizeContainerNumber(text);
  if (isContainerNumberTerm(whole)) return [whole];
  const terms = text
    .split(/[\s,]+/)
    .map(normalizeContainerNumber)
    .filter(Boolean);
  return terms.length && terms.every(isContainerNumberTerm) ? [...new Set(terms)] : null;
}
