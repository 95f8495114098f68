import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMinuteOfDay,
  isYardDay,
  shiftYardDay,
  yardDayOf,
  yardDayRange,
  yardDaysRange,
  yardDayStart,
  yardMinuteOfDay,
  yardTimeOnDay,
} from './yard-time';

const HOUR = 3_600_000;

describe('yard days', () => {
  it('cuts a day at the yard’s midnight, not the runtime’s', () => {
    expect(yardDayStart('2026-01-15', 'Asia/Kolkata')).toBe(Date.parse('2026-01-14T18:30:00Z'));
    expect(yardDayStart('2026-01-15', 'Europe/Berlin')).toBe(Date.parse('2026-01-14T23:00:00Z'));
    expect(yardDayStart('2026-01-15', 'America/New_York')).toBe(Date.parse('2026-01-15T05:00:00Z'));
    expect(yardDayStart('2026-01-15', 'UTC')).toBe(Date.parse('2026-01-15T00:00:00Z'));
    expect(yardDayRange('2026-01-15', 'Asia/Kolkata')).toEqual({
      from: Date.parse('2026-01-14T18:30:00Z'),
      to: Date.parse('2026-01-15T18:29:59.999Z'),
    });
  });

  it('gives a 23-hour day when the clocks go forward and a 25-hour day when they go back', () => {
    const spring = yardDayRange('2026-03-29', 'Europe/Berlin');
    expect(spring.from).toBe(Date.parse('2026-03-28T23:00:00Z'));
    expect(spring.to - spring.from + 1).toBe(23 * HOUR);
    const autumn = yardDayRange('2026-10-25', 'Europe/Berlin');
    expect(autumn.from).toBe(Date.parse('2026-10-24T22:00:00Z'));
    expect(autumn.to - autumn.from + 1).toBe(25 * HOUR);
    const kolkata = yardDayRange('2026-03-29', 'Asia/Kolkata');
    expect(kolkata.to - kolkata.from + 1).toBe(24 * HOUR);
  });

  it('starts a day whose midnight is skipped at the clock change', () => {
    // Chile's clocks went from 24:00 to 01:00 on 2025-09-07 (America/Santiago).
    const start = yardDayStart('2025-09-07', 'America/Santiago');
    expect(yardDayOf(start, 'America/Santiago')).toBe('2025-09-07');
    expect(yardDayOf(start - 1, 'America/Santiago')).toBe('2025-09-06');
    expect(new Date(start).toISOString()).toBe('2025-09-07T04:00:00.000Z');
  });

  it('shows an instant as the yard day it falls on', () => {
    const instant = Date.parse('2026-06-30T20:00:00Z');
    expect(yardDayOf(instant, 'Asia/Kolkata')).toBe('2026-07-01');
    expect(yardDayOf(instant, 'Europe/Berlin')).toBe('2026-06-30');
    expect(yardDayOf(instant, 'America/New_York')).toBe('2026-06-30');
  });

  it('spans several days and moves along the calendar', () => {
    expect(yardDaysRange('2026-03-28', '2026-03-30', 'Europe/Berlin')).toEqual({
      from: Date.parse('2026-03-27T23:00:00Z'),
      to: Date.parse('2026-03-30T21:59:59.999Z'),
    });
    expect(shiftYardDay('2026-01-31', { days: 1 })).toBe('2026-02-01');
    expect(shiftYardDay('2026-11-25', { years: -1 })).toBe('2025-11-25');
    expect(shiftYardDay('2024-02-29', { years: -1 })).toBe('2023-03-01');
  });

  it('takes only real days written YYYY-MM-DD', () => {
    expect(isYardDay('2026-02-28')).toBe(true);
    expect(isYardDay('2024-02-29')).toBe(true);
    expect(isYardDay('2026-02-29')).toBe(false);
    expect(isYardDay('2026-13-01')).toBe(false);
    expect(isYardDay('')).toBe(false);
    expect(isYardDay('26-01-01')).toBe(false);
    expect(() => yardDayStart('2026-02-30', 'UTC')).toThrow(RangeError);
  });
});

describe('yard day properties', () => {
  const zones = fc.constantFrom(
    'Europe/Berlin',
    'Asia/Kolkata',
    'America/New_York',
    'America/Santiago',
    'Australia/Lord_Howe',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
    'UTC',
  );
  // Instants from 2000 to 2040, where the zones' rules are known.
  const instants = fc.integer({ min: Date.parse('2000-01-02T00:00:00Z'), max: Date.parse('2040-12-30T00:00:00Z') });

  it('every instant lies in the range of the yard day it shows as, and nowhere outside it', () => {
    fc.assert(
      fc.property(instants, zones, (instant, zone) => {
        const day = yardDayOf(instant, zone);
        const { from, to } = yardDayRange(day, zone);
        expect(from).toBeLessThanOrEqual(instant);
        expect(instant).toBeLessThanOrEqual(to);
        expect(yardDayOf(from, zone)).toBe(day);
        expect(yardDayOf(to, zone)).toBe(day);
        expect(yardDayOf(from - 1, zone)).toBe(shiftYardDay(day, { days: -1 }));
        expect(yardDayOf(to + 1, zone)).toBe(shiftYardDay(day, { days: 1 }));
      }),
      { numRuns: 300 },
    );
  });

  it('consecutive days meet without a gap and last between 22 and 26 hours', () => {
    fc.assert(
      fc.property(instants, zones, (instant, zone) => {
        const day = yardDayOf(instant, zone);
        const today = yardDayRange(day, zone);
        const tomorrow = yardDayRange(shiftYardDay(day, { days: 1 }), zone);
        expect(tomorrow.from).toBe(today.to + 1);
        const length = today.to - today.from + 1;
        expect(length).toBeGreaterThanOrEqual(22 * HOUR);
        expect(length).toBeLessThanOrEqual(26 * HOUR);
      }),
      { numRuns: 300 },
    );
  });
});

describe('times of a yard day', () => {
  it('puts a wall-clock time of a day at its instant in the yard’s zone', () => {
    expect(yardTimeOnDay('2026-01-15', 6 * 60, 'Asia/Kolkata')).toBe(Date.parse('2026-01-15T00:30:00Z'));
    expect(yardTimeOnDay('2026-01-15', 0, 'Europe/Berlin')).toBe(yardDayStart('2026-01-15', 'Europe/Berlin'));
    expect(yardTimeOnDay('2026-01-15', 1440, 'Europe/Berlin')).toBe(yardDayStart('2026-01-16', 'Europe/Berlin'));
    // 02:30 does not exist in Berlin on 2026-03-29: the first instant after the change (03:00).
    expect(yardTimeOnDay('2026-03-29', 150, 'Europe/Berlin')).toBe(Date.parse('2026-03-29T01:00:00Z'));
    expect(() => yardTimeOnDay('2026-01-15', 1441, 'UTC')).toThrow(RangeError);
  });

  it('reads the yard clock’s minute of the day and writes it as hh:mm', () => {
    expect(yardMinuteOfDay(Date.parse('2026-01-15T00:30:00Z'), 'Asia/Kolkata')).toBe(360);
    expect(yardMinuteOfDay(Date.parse('2026-01-15T18:29:59Z'), 'Asia/Kolkata')).toBe(1439);
    expect(formatMinuteOfDay(365)).toBe('06:05');
    expect(formatMinuteOfDay(1440)).toBe('24:00');
  });
});
