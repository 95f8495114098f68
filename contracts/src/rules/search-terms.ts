import { messages } from '../messages';

// The containers screen's search texts travel joined with '&*' (spec 1 §7); every text must match.
export const SEARCH_TERM_SEPARATOR = '&*';

// At most this many texts in one search. Every text must match, so each one narrows the search: what
// clerks type is one to three (a number, a liner and an area), and a ninth text finds nothing an
// eighth did not. Each text costs its own substring match and six index lookups, and on the
// embedded database a search's statement runs on the server's one thread: 166 one-character texts
// (500 characters) held it for about 0.8 s. Eight keep the worst search within a few of the
// statements a clerk's search makes.
export const MAX_SEARCH_TERMS = 8;

// The texts of a search, each once (ILIKE ignores case, so neither does this).
export function searchTerms(searchText: string | undefined): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const part of (searchText ?? '').split(SEARCH_TERM_SEPARATOR)) {
    const term = part.trim();
    if (!term || seen.has(term.toLowerCase())) continue;
    seen.add(term.toLowerCase());
    terms.push(term);
  }
  return terms;
}

// The texts a screen sends as one searchText (spec 3 §7: joined by '&*'); empty texts are left out.
export function joinSearchTerms(terms: readonly string[]): string {
  return terms
    .map((term) => term.trim())
    .filter(Boolean)
    .join(SEARCH_TERM_SEPARATOR);
}

// Why a search's texts are refused, or null when they may be searched.
export function searchTermsProblem(terms: readonly string[]): string | null {
  return terms.length > MAX_SEARCH_TERMS ? messages.searchTooManyTerms(MAX_SEARCH_TERMS) : null;
}
