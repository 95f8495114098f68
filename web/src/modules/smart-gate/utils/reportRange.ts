// The report's range from two dates (YYYY-MM-DD, the browser's days): from the first day's start to
// the last day's end, in epoch ms; null when a date is missing or the range runs backwards.
export function reportRangeOf(from: string, to: string): { startDate: number; endDate: number } | null {
  const start = Date.parse(`${from}T00:00:00`);
  const end = Date.parse(`${to}T00:00:00`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return null;
  return { startDate: start, endDate: end + 86_400_000 - 1 };
}
