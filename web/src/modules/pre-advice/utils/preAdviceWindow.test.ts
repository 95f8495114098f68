import { describe, expect, it } from 'vitest';
import { yardDayRange, yardDayStart } from '@openyard/contracts';
import { windowFieldsOf, windowOf } from './preAdviceWindow';

const zone = 'Asia/Kolkata';

describe('the pre-advice window in the form', () => {
  it('reads the yard clock, and leaves the end empty for "until the end of the day"', () => {
    const start = yardDayStart('2026-11-25', zone);
    expect(windowOf({ expectedFrom: '2026-11-25T08:30', expectedTo: '' }, zone)).toEqual({
      expectedFrom: start + 8.5 * 3_600_000,
      expectedTo: null,
    });
    expect(windowOf({ expectedFrom: '2026-11-25T08:30', expectedTo: '2026-11-26T10:00' }, zone)).toEqual({
      expectedFrom: start + 8.5 * 3_600_000,
      expectedTo: start + 34 * 3_600_000,
    });
    expect(windowOf({ expectedFrom: '', expectedTo: '' }, zone)).toBeNull();
  });

  it('shows a stored window as it was entered', () => {
    const start = yardDayStart('2026-11-25', zone);
    expect(
      windowFieldsOf({ expectedFrom: start + 8.5 * 3_600_000, expectedTo: yardDayRange('2026-11-25', zone).to }, zone),
    ).toEqual({ expectedFrom: '2026-11-25T08:30', expectedTo: '' });
    expect(windowFieldsOf({ expectedFrom: start, expectedTo: start + 34 * 3_600_000 }, zone)).toEqual({
      expectedFrom: '2026-11-25T00:00',
      expectedTo: '2026-11-26T10:00',
    });
  });
});
