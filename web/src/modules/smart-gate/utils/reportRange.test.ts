import { describe, expect, it } from 'vitest';
import { yardDayStart } from '@openyard/contracts';
import { reportRangeOf } from './reportRange';

describe('reportRangeOf', () => {
  it("spans whole yard days in the yard's zone, refuses a backwards or missing range", () => {
    const zone = 'Asia/Kolkata';
    const range = reportRangeOf('2026-11-01', '2026-11-02', zone)!;
    expect(range.startDate).toBe(yardDayStart('2026-11-01', zone));
    expect(range.startDate).toBe(Date.parse('2026-10-31T18:30:00Z'));
    expect(range.endDate - range.startDate).toBe(2 * 86_400_000 - 1);
    expect(reportRangeOf('2026-11-02', '2026-11-01', zone)).toBeNull();
    expect(reportRangeOf('', '2026-11-01', zone)).toBeNull();
    expect(reportRangeOf('2026-02-30', '2026-03-01', zone)).toBeNull();
  });
});
