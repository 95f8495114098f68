import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  byShiftStart,
  formatShiftTimes,
  shiftCrossesMidnight,
  shiftLengthMinutes,
  shiftPeriodOn,
  shiftProblem,
} from './machine-shifts';

const shift = (from: [number, number], to: [number, number], name = 'A') => ({
  id: 1,
  name,
  fromHour: from[0],
  fromMinute: from[1],
  toHour: to[0],
  toMinute: to[1],
});

describe('machine shifts', () => {
  it('reads a shift whose end is not after its start as crossing midnight', () => {
    expect(shiftCrossesMidnight(shift([6, 0], [14, 0]))).toBe(false);
    expect(shiftCrossesMidnight(shift([22, 0], [6, 0]))).toBe(true);
    expect(shiftCrossesMidnight(shift([16, 0], [0, 0]))).toBe(true);
    expect(shiftLengthMinutes(shift([22, 30], [6, 0]))).toBe(450);
    expect(shiftLengthMinutes(shift([6, 0], [14, 15]))).toBe(495);
    expect(formatShiftTimes(shift([6, 0], [14, 0]))).toBe('06:00–14:00');
    expect(formatShiftTimes(shift([22, 0], [6, 5]))).toBe('22:00–06:05 (+1 day)');
  });

  it('refuses a shift without a name or without length', () => {
    expect(shiftProblem({ ...shift([6, 0], [14, 0]), name: '  ' })).toEqual({
      field: 'name',
      message: messages.shiftNameRequired,
    });
    expect(shiftProblem(shift([6, 0], [6, 0]))).toEqual({ field: 'toHour', message: messages.shiftSameTimes });
    expect(shiftProblem(shift([22, 0], [6, 0]))).toBeNull();
  });

  it('puts a shift on a yard day in the yard’s zone, ending the next day when it crosses midnight', () => {
    expect(shiftPeriodOn(shift([6, 0], [14, 0]), '2026-01-15', 'Asia/Kolkata')).toEqual({
      from: Date.parse('2026-01-15T00:30:00Z'),
      to: Date.parse('2026-01-15T08:30:00Z'),
    });
    expect(shiftPeriodOn(shift([22, 0], [6, 0]), '2026-01-15', 'Asia/Kolkata')).toEqual({
      from: Date.parse('2026-01-15T16:30:00Z'),
      to: Date.parse('2026-01-16T00:30:00Z'),
    });
    // The night the clocks go back in Berlin is an hour longer than its wall-clock times say.
    const night = shiftPeriodOn(shift([22, 0], [6, 0]), '2026-10-24', 'Europe/Berlin');
    expect(night.to - night.from).toBe(9 * 3_600_000);
  });

  it('orders shifts by start, then name', () => {
    const list = [shift([22, 0], [6, 0], 'C'), shift([6, 0], [14, 0], 'B'), shift([6, 0], [14, 0], 'A')];
    expect([...list].sort(byShiftStart).map((each) => each.name)).toEqual(['A', 'B', 'C']);
  });
});
