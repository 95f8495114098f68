import { isYardDay, yardDayOf, yardDayStart } from '@openyard/contracts';

// A datetime-local value ('2026-11-25T14:05') read and written in the yard's time zone, as every
// time a user picks is (docs/conventions.md "Yard time").
export function yardDateTimeOf(epochMs: number, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(epochMs)
    .slice(0, 5);
  return `${yardDayOf(epochMs, timeZone)}T${time}`;
}

export function epochOfYardDateTime(value: string, timeZone: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [, day = '', hours = '0', minutes = '0'] = match;
  if (!isYardDay(day)) return null;
  return yardDayStart(day, timeZone) + Number(hours) * 3_600_000 + Number(minutes) * 60_000;
}

// The dispatch time sent: the clerk's minute, or now when the field is empty, unreadable or still
// the current minute (the field shows minutes; the box may have come in earlier in that minute).
export function dispatchTimeOf(value: string, timeZone: string, now = Date.now()): number {
  const chosen = epochOfYardDateTime(value, timeZone);
  return chosen === null || (now >= chosen && now - chosen < 60_000) ? now : chosen;
}
