import { MINUTES_PER_DAY, yardTimeOnDay, type YardDay } from '@openyard/contracts';

// The instants of the add form's times on the day shown. A "To" of 00:00 after a later "From" is
// the day's end (24:00): an allocation lies within its day, and a time input cannot say 24:00.
export function formPeriod(
  day: YardDay,
  from: { hour: number; minute: number },
  to: { hour: number; minute: number },
  timeZone: string | undefined,
): { fromTime: number; toTime: number } {
  const fromMinute = from.hour * 60 + from.minute;
  const toMinute = to.hour * 60 + to.minute;
  return {
    fromTime: yardTimeOnDay(day, fromMinute, timeZone),
    toTime: yardTimeOnDay(day, toMinute === 0 && fromMinute > 0 ? MINUTES_PER_DAY : toMinute, timeZone),
  };
}
