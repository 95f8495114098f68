import { describe, expect, it } from 'vitest';
import { formatMinuteOfDay, yardDayOf, yardMinuteOfDay } from '@openyard/contracts';
import { yardClock } from './yard-clock';

// The export's clock against the zone asked for every instant: zones with clock changes of an hour
// (Berlin, New York), half an hour (Lord Howe), at a quarter-hour offset (Chatham, Kathmandu), on
// the half hour (St John's), and none (Kolkata, the bench's).
const ZONES = [
  'Asia/Kolkata',
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Asia/Kathmandu',
  'America/St_Johns',
];

describe('yardClock', () => {
  it.each(ZONES)('writes %s’s clock as yardDayOf and yardMinuteOfDay do, in any order', (zone) => {
    const clock = yardClock(zone);
    const from = Date.UTC(2025, 0, 1);
    const instants: number[] = [];
    // A year every 37 minutes and 11 seconds (every clock change is passed at several phases),
    // then the same instants again from the end (the caches filled in another order).
    for (let at = from; at < from + 365 * 86_400_000; at += 37 * 60_000 + 11_000) instants.push(at);
    const expected = instants.map((at) => `${yardDayOf(at, zone)} ${formatMinuteOfDay(yardMinuteOfDay(at, zone))}`);
    expect(instants.map(clock)).toEqual(expected);
    const reversed = yardClock(zone);
    expect([...instants].reverse().map((at) => reversed(at))).toEqual([...expected].reverse());
  });

  it('writes the minutes around a clock change one by one', () => {
    const clock = yardClock('Europe/Berlin');
    // 2025-03-30 01:00Z: 02:00 became 03:00; 2025-10-26 01:00Z: 03:00 became 02:00.
    for (const change of [Date.UTC(2025, 2, 30, 1), Date.UTC(2025, 9, 26, 1)])
      for (let at = change - 90 * 60_000; at < change + 90 * 60_000; at += 60_000)
        expect(clock(at)).toBe(
          `${yardDayOf(at, 'Europe/Berlin')} ${formatMinuteOfDay(yardMinuteOfDay(at, 'Europe/Berlin'))}`,
        );
    expect(clock(Date.UTC(2025, 2, 30, 0, 59))).toBe('2025-03-30 01:59');
    expect(clock(Date.UTC(2025, 2, 30, 1, 0))).toBe('2025-03-30 03:00');
  });
});
