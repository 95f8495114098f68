import { messages } from '../messages';
import { isYardDay, type YardDay } from './yard-time';

// Spec 3 §5/§9: the archive's cut-off date is at most two months before today (also its default).
// A day two months back on the calendar; a day the shorter month lacks is its last day
// (31 December → 31 October, 30 April → the end of February).
export function archiveCutoffLatest(today: YardDay): YardDay {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const firstOfTarget = new Date(Date.UTC(year, month - 1 - 2, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  const target = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth(), Math.min(day, lastDay)),
  );
  return target.toISOString().slice(0, 10);
}

// The spec's validation: null when the cut-off may be archived up to, else the message to show.
export function archiveCutoffProblem(cutoff: string, today: YardDay): string | null {
  if (!isYardDay(cutoff) || cutoff > archiveCutoffLatest(today)) return messages.archiveCutoffTooRecent;
  return null;
}
