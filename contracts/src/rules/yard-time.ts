// Yard time: calendar days are the yard's days, in the yard's time zone (metadata.timeZone, the
// server's TIME_ZONE), the zone every time on screen is shown in. A day the user picks
// ('YYYY-MM-DD') becomes the instants from its first to its last millisecond in that zone, and an
// instant shows as the yard day it falls on, whatever the browser's own zone. A day is not always
// 24 hours: across a daylight-saving change it is 23 or 25, and where the change is at midnight
// the day starts at 01:00. Without a zone (metadata not loaded) the runtime's own zone is used.

// A yard day, as an <input type="date"> writes it.
export type YardDay = string;

export interface YardDayRange {
  // The first millisecond of the first day and the last millisecond of the last day (inclusive).
  from: number;
  to: number;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR_MS = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

// The yard's wall clock at an instant, written as if it were UTC (so wall times compare as numbers).
function wallClock(epochMs: number, timeZone: string | undefined): number {
  const parts = formatterFor(timeZone).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value);
  const milliseconds = ((epochMs % 1000) + 1000) % 1000;
  return (
    Date.UTC(part('year'), part('month') - 1, part('day'), part('hour') % 24, part('minute'), part('second')) +
    milliseconds
  );
}

function dayOfUtc(epochMs: number): YardDay {
  return new Date(epochMs).toISOString().slice(0, 10);
}

// The day as midnight UTC; null when the text is not a real day of a four-digit year.
function utcMidnight(day: string): number | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const midnight = Date.UTC(year, month - 1, date);
  const check = new Date(midnight);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return midnight;
}

// The last day a yard day may be: the day after it must be one too (a range's end is exclusive).
const LAST_YARD_DAY = '9999-12-30';

// True for a real calendar day written YYYY-MM-DD (what an <input type="date"> gives).
export function isYardDay(value: string): value is YardDay {
  return utcMidnight(value) !== null && value <= LAST_YARD_DAY;
}

// The yard day an instant falls on.
export function yardDayOf(epochMs: number, timeZone?: string): YardDay {
  return dayOfUtc(wallClock(epochMs, timeZone));
}

// A day so many days or years away on the calendar (a year back from 29 February is 1 March, as
// Date's setFullYear gives).
export function shiftYardDay(day: YardDay, by: { days?: number; years?: number }): YardDay {
  const midnight = utcMidnight(day);
  if (midnight === null) throw new RangeError(`Not a day: "${day}"`);
  const date = new Date(midnight);
  return dayOfUtc(
    Date.UTC(date.getUTCFullYear() + (by.years ?? 0), date.getUTCMonth(), date.getUTCDate() + (by.days ?? 0)),
  );
}

// The first instant of a yard day: its midnight, or where midnight is skipped by a clock change,
// the first instant the clock shows that day. An ambiguous midnight (clocks turned back over it)
// starts at its first occurrence.
export function yardDayStart(day: YardDay, timeZone?: string): number {
  const midnight = utcMidnight(day);
  if (midnight === null) throw new RangeError(`Not a day: "${day}"`);
  return instantOfWallClock(midnight, timeZone);
}

// The instant the yard's clock shows `wall` (a wall-clock time written as if it were UTC). A time
// shown twice (clocks turned back over it) is its first occurrence; a time skipped by a clock
// change is the first instant after the change.
function instantOfWallClock(wall: number, timeZone: string | undefined): number {
  // A zone's offset is at most 14 hours either way, and it changes at most once around a moment:
  // the offsets a day before and after, and the one at the first guess, give every candidate.
  const offsets = new Set<number>();
  for (const probe of [wall - 24 * HOUR_MS, wall, wall + 24 * HOUR_MS]) {
    offsets.add(wallClock(probe, timeZone) - probe);
  }
  const exact = [...offsets]
    .map((offset) => wall - offset)
    .filter((candidate) => wallClock(candidate, timeZone) === wall);
  if (exact.length) return Math.min(...exact);
  // The time does not exist: the first instant whose wall clock is past it (the wall clock is
  // increasing around a gap).
  let before = wall - 15 * HOUR_MS;
  let after = wall + 15 * HOUR_MS;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (wallClock(middle, timeZone) >= wall) after = middle;
    else before = middle;
  }
  return after;
}

export const MINUTES_PER_DAY = 24 * 60;

// The instant a yard day's clock shows hour:minute, given as minutes after midnight (0..1440;
// 1440 is the next day's midnight). Shifts and allocations are times of the yard's day (spec 2 §3).
export function yardTimeOnDay(day: YardDay, minuteOfDay: number, timeZone?: string): number {
  const midnight = utcMidnight(day);
  if (midnight === null) throw new RangeError(`Not a day: "${day}"`);
  if (!Number.isInteger(minuteOfDay) || minuteOfDay < 0 || minuteOfDay > MINUTES_PER_DAY)
    throw new RangeError(`Not a minute of a day: ${minuteOfDay}`);
  return instantOfWallClock(midnight + minuteOfDay * 60_000, timeZone);
}

// The yard clock's minutes after midnight at an instant (0..1439), seconds dropped.
export function yardMinuteOfDay(epochMs: number, timeZone?: string): number {
  const wall = wallClock(epochMs, timeZone);
  return Math.floor((((wall % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
}

// hh:mm of minutes after midnight, 24:00 for the day's end.
export function formatMinuteOfDay(minuteOfDay: number): string {
  const hours = Math.floor(minuteOfDay / 60);
  const minutes = minuteOfDay % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

// The instants of the days from..to (inclusive), as the list's gate-in filter sends them.
export function yardDaysRange(from: YardDay, to: YardDay, timeZone?: string): YardDayRange {
  return { from: yardDayStart(from, timeZone), to: yardDayStart(shiftYardDay(to, { days: 1 }), timeZone) - 1 };
}

// The instants of one yard day.
export function yardDayRange(day: YardDay, timeZone?: string): YardDayRange {
  return yardDaysRange(day, day, timeZone);
}
