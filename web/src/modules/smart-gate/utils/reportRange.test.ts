import { describe, expect, it } from 'vitest';
import { reportRangeOf } from './reportRange';

describe('reportRangeOf', () => {
  it('spans whole days, refuses a backwards or missing range', () => {
    const range = reportRangeOf('2026-11-01', '2026-11-02')!;
    expect(range.endDate - range.startDate).toBe(2 * 86_400_000 - 1);
    expect(reportRangeOf('2026-11-02', '2026-11-01')).toBeNull();
    expect(reportRangeOf('', '2026-11-01')).toBeNull();
  });
});
