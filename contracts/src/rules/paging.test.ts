import { describe, expect, it } from 'vitest';
import { exportRange } from './export-range';
import { offsetFromOneBasedSkip, oneBasedSkip, pageCount, pageJumpError, zeroBasedSkip } from './paging';

describe('page offsets (spec 3 §9)', () => {
  it('users, roles, trailers and PLA cards start at (page-1)*size+1', () => {
    expect(oneBasedSkip(1, 15)).toBe(1);
    expect(oneBasedSkip(3, 15)).toBe(31);
  });

  it('tasks start at (page-1)*size', () => {
    expect(zeroBasedSkip(1, 15)).toBe(0);
    expect(zeroBasedSkip(3, 15)).toBe(30);
  });

  it('turns a 1-based start back into a row offset', () => {
    expect(offsetFromOneBasedSkip(undefined)).toBe(0);
    expect(offsetFromOneBasedSkip(0)).toBe(0);
    expect(offsetFromOneBasedSkip(1)).toBe(0);
    expect(offsetFromOneBasedSkip(oneBasedSkip(2, 15))).toBe(15);
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 15)).toBe(1);
    expect(pageCount(15, 15)).toBe(1);
    expect(pageCount(16, 15)).toBe(2);
  });

  it('page jump accepts 1..pages only', () => {
    expect(pageJumpError('1', 4)).toBeNull();
    expect(pageJumpError('4', 4)).toBeNull();
    for (const input of ['0', '5', '-1', '2.5', 'abc', ''])
      expect(pageJumpError(input, 4)).toBe('Enter a page number between 1 and 4');
  });
});

describe('export page range (spec 3 §5)', () => {
  const base = { currentPage: 3, pageSize: 15, totalCount: 100 };

  it('needs a page option', () => {
    expect(exportRange({ ...base, pageType: undefined })).toEqual({ error: 'Choose an option first' });
  });

  it('exports the current page', () => {
    expect(exportRange({ ...base, pageType: 'current' })).toEqual({ startIndex: 31, pageSize: 15 });
  });

  it('exports everything from 1 for the full count', () => {
    expect(exportRange({ ...base, pageType: 'all' })).toEqual({ startIndex: 1, pageSize: 100 });
  });

  it('exports a range: start (from-1)*size+1, size pages*size', () => {
    expect(exportRange({ ...base, pageType: 'range', fromPage: 2, toPage: 4 })).toEqual({
      startIndex: 16,
      pageSize: 45,
    });
    expect(exportRange({ ...base, pageType: 'range', fromPage: 2, toPage: 2 })).toEqual({
      startIndex: 16,
      pageSize: 15,
    });
  });

  it('rejects zero pages and reversed ranges with the spec texts', () => {
    expect(exportRange({ ...base, pageType: 'range', fromPage: 0, toPage: 0 })).toEqual({
      error: 'Zero page number not allowed',
    });
    expect(exportRange({ ...base, pageType: 'range', fromPage: 4, toPage: 2 })).toEqual({
      error: 'Invalid from/to page numbers',
    });
  });

  // Issue 13 point 24: 100 rows are 7 pages of 15.
  it('cuts a range at the last page and says so', () => {
    expect(exportRange({ ...base, pageType: 'range', fromPage: 5, toPage: 40 })).toEqual({
      startIndex: 61,
      pageSize: 45,
      notice: 'There are 7 pages: pages 5 to 7 will be exported.',
    });
    expect(exportRange({ ...base, pageType: 'range', fromPage: 7, toPage: 7 })).toEqual({
      startIndex: 91,
      pageSize: 15,
    });
  });

  it('has nothing to export from a page past the last one', () => {
    expect(exportRange({ ...base, pageType: 'range', fromPage: 8, toPage: 9 })).toEqual({
      error: 'Invalid from/to page numbers',
    });
  });
});
