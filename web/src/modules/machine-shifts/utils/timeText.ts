import { formatMinuteOfDay } from '@openyard/contracts';

// hh:mm of an hour and minute, as an <input type="time"> shows it.
export const timeText = (hour: number, minute: number) => formatMinuteOfDay(hour * 60 + minute);

// The hour and minute of an <input type="time"> value (hh:mm, seconds ignored); null when empty or
// not a time of the day.
export function timeOfText(text: string): { hour: number; minute: number } | null {
  const match = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(text.trim());
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}
