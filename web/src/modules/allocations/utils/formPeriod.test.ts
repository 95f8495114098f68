import { describe, expect, it } from 'vitest';
import { yardDayStart } from '@openyard/contracts';
import { formPeriod } from './formPeriod';

const HOUR = 3_600_000;

describe('formPeriod', () => {
  it('puts the form’s times on the day shown, in the yard’s zone', () => {
    const start = yardDayStart('2027-03-02', 'Asia/Kolkata');
    expect(formPeriod('2027-03-02', { hour: 8, minute: 0 }, { hour: 12, minute: 30 }, 'Asia/Kolkata')).toEqual({
      fromTime: start + 8 * HOUR,
      toTime: start + 12.5 * HOUR,
    });
  });

  it('reads a To of 00:00 after a From as the day’s end', () => {
    const start = yardDayStart('2027-03-02', 'UTC');
    expect(formPeriod('2027-03-02', { hour: 22, minute: 0 }, { hour: 0, minute: 0 }, 'UTC').toTime).toBe(
      start + 24 * HOUR,
    );
    // 00:00 to 00:00 stays an empty period (the rule refuses it).
    expect(formPeriod('2027-03-02', { hour: 0, minute: 0 }, { hour: 0, minute: 0 }, 'UTC').toTime).toBe(start);
  });
});
