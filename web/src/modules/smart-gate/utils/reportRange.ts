import { isYardDay, yardDaysRange } from '@openyard/contracts';

// The report's range from two yard days (YYYY-MM-DD in the yard's zone, as every day on screen):
// from the first day's first instant to the last day's last, in epoch ms; null when a day is
// missing or the range runs backwards.
export function reportRangeOf(
  from: string,
  to: string,
  timeZone: string | undefined,
): { startDate: number; endDate: number } | null {
  if (!isYardDay(from) || !isYardDay(to) || to < from) return null;
  const range = yardDaysRange(from, to, timeZone);
  return { startDate: range.from, endDate: range.to };
}
