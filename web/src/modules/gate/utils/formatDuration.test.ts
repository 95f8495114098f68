import { describe, expect, it } from 'vitest';
import { formatDuration, formatShortDuration } from './formatDuration';

describe('formatDuration', () => {
  it('shows the units from the first that counts', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(9_500)).toBe('9s');
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000 + 9_000)).toBe('2h 05m 09s');
    expect(formatDuration(366 * 86_400_000 + 1000)).toBe('1y 1d 00h 00m 01s');
    expect(formatDuration(-5)).toBe('0s');
  });
});

describe('formatShortDuration', () => {
  it('keeps the two leading units', () => {
    expect(formatShortDuration(7_509_000)).toBe('2h 05m');
    expect(formatShortDuration(45_000)).toBe('45s');
    expect(formatShortDuration(3 * 86_400_000 + 4 * 3_600_000 + 5_000)).toBe('3d 04h');
  });
});
