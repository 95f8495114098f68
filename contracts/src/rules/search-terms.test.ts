import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { MAX_SEARCH_TERMS, searchTerms, searchTermsProblem } from './search-terms';

describe('search terms', () => {
  it('splits on &*, trims, drops empty texts and repeats whatever their case', () => {
    expect(searchTerms(' MSCU &*&* maersk&*MSCU&*mscu ')).toEqual(['MSCU', 'maersk']);
    expect(searchTerms(undefined)).toEqual([]);
  });

  // Issue 13 point 4: 500 characters made 166 terms, each one more condition of one statement.
  it('takes at most MAX_SEARCH_TERMS texts and says why beyond', () => {
    const texts = (count: number) => Array.from({ length: count }, (_, i) => `text${i}`).join('&*');
    expect(searchTermsProblem(searchTerms(texts(MAX_SEARCH_TERMS)))).toBeNull();
    expect(searchTermsProblem(searchTerms(texts(MAX_SEARCH_TERMS + 1)))).toBe(
      messages.searchTooManyTerms(MAX_SEARCH_TERMS),
    );
    // The search: 166 one-character texts.
    const long = Array.from({ length: 166 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789'[i % 36]).join('&*');
    expect(long.length).toBeGreaterThanOrEqual(496);
    expect(searchTermsProblem(searchTerms(long))).toBe(messages.searchTooManyTerms(MAX_SEARCH_TERMS));
  });
});
