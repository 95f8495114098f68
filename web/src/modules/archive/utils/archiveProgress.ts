import type { ArchiveRun } from '@openyard/contracts';

// A run's progress, 0 … 100: its containers against those it found before the cut-off (its truck
// visits, gate records and device logs follow in moments, so they are not weighed).
export function archiveProgress(run: ArchiveRun): number {
  if (run.status === 'done') return 100;
  if (!run.containersToArchive) return 0;
  return Math.min(99, Math.floor((run.counts.containers / run.containersToArchive) * 100));
}
