import type { AreaSummary } from './InventoryStore';

// The areas waiting to show new figures, in turn order, after a recount found `changed` (every area
// whose figures differ from those shown): those already waiting keep their turn with their newest
// figures, the others queue behind them (so that on a yard with more areas than turns per recount
// every area gets its turn), and a waiting area back at the figures shown leaves the queue.
export function queueTurns(waiting: readonly AreaSummary[], changed: readonly AreaSummary[]): AreaSummary[] {
  const newest = new Map(changed.map((summary) => [summary.areaId, summary]));
  const stillWaiting = waiting.flatMap((summary) => newest.get(summary.areaId) ?? []);
  const queued = new Set(stillWaiting.map((summary) => summary.areaId));
  return [...stillWaiting, ...changed.filter((summary) => !queued.has(summary.areaId))];
}

// How many areas a frame shows so that the whole queue is shown within `frames` frames.
export function turnsPerFrame(queued: number, frames: number): number {
  return Math.max(1, Math.ceil(queued / frames));
}
