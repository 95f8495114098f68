import { describe, expect, it } from 'vitest';
import { dispatchTimeOf, epochOfYardDateTime, yardDateTimeOf } from './yardDateTime';

describe('yard date-times', () => {
  it('writes and reads a minute in the yard’s zone', () => {
    const at = Date.UTC(2026, 10, 25, 9, 30);
    expect(yardDateTimeOf(at, 'Asia/Kolkata')).toBe('2026-11-25T15:00');
    expect(epochOfYardDateTime('2026-11-25T15:00', 'Asia/Kolkata')).toBe(at);
    expect(epochOfYardDateTime('', 'Asia/Kolkata')).toBeNull();
  });

  it('sends now for the current minute, the chosen minute otherwise', () => {
    const now = Date.UTC(2026, 10, 25, 9, 30, 42);
    expect(dispatchTimeOf('2026-11-25T15:00', 'Asia/Kolkata', now)).toBe(now);
    expect(dispatchTimeOf('', 'Asia/Kolkata', now)).toBe(now);
    expect(dispatchTimeOf('2026-11-25T14:10', 'Asia/Kolkata', now)).toBe(Date.UTC(2026, 10, 25, 8, 40));
  });
});
