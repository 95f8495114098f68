import { describe, expect, it } from 'vitest';
import { defaultContainerSearch } from './defaultContainerSearch';
import { searchLabelOf } from './searchLabelOf';

describe('defaultContainerSearch', () => {
  it('runs from the yard’s midnight a year back to the end of the yard’s today, whatever the browser’s zone', () => {
    // 20:00 UTC on 30 June is already 1 July in Kolkata (UTC+05:30).
    const now = new Date('2026-06-30T20:00:00Z');
    const search = defaultContainerSearch(now, 'Asia/Kolkata');
    expect(search.fromDate).toBe(Date.parse('2025-06-30T18:30:00Z'));
    expect(search.toDate).toBe(Date.parse('2026-07-01T18:29:59.999Z'));
    expect(searchLabelOf(search, 'Asia/Kolkata')).toBe('2025-07-01 – 2026-07-01');
  });

  it('follows the yard’s summer time', () => {
    const search = defaultContainerSearch(new Date('2026-06-30T20:00:00Z'), 'Europe/Berlin');
    expect(search.fromDate).toBe(Date.parse('2025-06-29T22:00:00Z'));
    expect(search.toDate).toBe(Date.parse('2026-06-30T21:59:59.999Z'));
    expect(searchLabelOf({ ...search, texts: ['MSCU'] }, 'Europe/Berlin')).toBe('MSCU');
  });
});
