import { startTransition, useEffect, useState } from 'react';
import { queueTurns, turnsPerFrame } from '../utils/areaTurns';
import type { GridFrames } from '../utils/GridFrames';
import type { AreaSummary, InventoryStore } from '../utils/InventoryStore';

const EVERY_MS = 400;
// Staggered, every area whose figures changed shows them within about this many animation frames
// (a fifth of a second, more when frames wait for the grid), in turns of a few areas per frame.
const STAGGER_FRAMES = 12;

function sameSummary(a: AreaSummary, b: AreaSummary): boolean {
  return (
    a.filledSlots === b.filledSlots &&
    a.occupancy === b.occupancy &&
    a.containers20 === b.containers20 &&
    a.containers40 === b.containers40 &&
    a.planned === b.planned &&
    a.byLiner.length === b.byLiner.length &&
    a.byLiner.every((entry, i) => entry.liner === b.byLiner[i]!.liner && entry.count === b.byLiner[i]!.count)
  );
}

// Occupancy, sizes and liners per area, recounted from the store at most a few times a second: a
// burst of moves redraws the grid but the pies only when the eye can follow. An area whose figures
// did not change keeps its summary object (its card does not render again), and the new figures
// render as a transition, in slices that leave the grid's frames alone. Staggered around the grid's
// frames (the area cards), the changed areas take turns, a few per animation frame and in frames
// clear of the grid's live redraws: a burst of moves across the yard changes every area's figures at
// once, and one frame that renders, lays out and paints every card (on top of a grid redraw) would
// be the slowest of all.
export function useAreaSummaries(
  store: InventoryStore,
  { staggerAround }: { staggerAround?: GridFrames } = {},
): ReadonlyMap<number, AreaSummary> {
  const [initial] = useState(() => store.summaries());
  const [summaries, setSummaries] = useState(initial);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let frame: number | null = null;
    let counted = -1;
    // The figures given to the state (this effect is its only writer).
    let shown = initial;
    // Staggered: the newest figures of the areas not shown yet, in turn order, and how many a frame.
    let queue: AreaSummary[] = [];
    let perFrame = 1;
    const show = (changed: readonly AreaSummary[]) => {
      const next = new Map(shown);
      for (const summary of changed) next.set(summary.areaId, summary);
      shown = next;
      startTransition(() => setSummaries(next));
    };
    const step = (now: number) => {
      frame = null;
      if (staggerAround?.clearOfRedraw(now)) show(queue.splice(0, perFrame));
      if (queue.length) frame = requestAnimationFrame(step);
    };
    const count = () => {
      timer = null;
      if (counted === store.revision) return;
      counted = store.revision;
      const next = store.summaries();
      if (next.size !== shown.size || [...next.keys()].some((areaId) => !shown.has(areaId))) {
        // Other areas (a new layout): all at once.
        queue = [];
        shown = new Map();
        show([...next.values()]);
        return;
      }
      // An area whose figures did not change keeps its summary object (and its card its render).
      const changed = [...next.values()].filter((summary) => !sameSummary(shown.get(summary.areaId)!, summary));
      if (!changed.length) return;
      if (!staggerAround || typeof requestAnimationFrame !== 'function') {
        show(changed);
        return;
      }
      queue = queueTurns(queue, changed);
      perFrame = turnsPerFrame(queue.length, STAGGER_FRAMES);
      frame ??= requestAnimationFrame(step);
    };
    count();
    let snapshots = store.snapshots;
    const unsubscribe = store.subscribe(() => {
      if (store.snapshots === snapshots) {
        timer ??= setTimeout(count, EVERY_MS);
        return;
      }
      // A snapshot replaced every figure (the first one above all: the cards showed 0 % beside a
      // full grid until the next count): shown at once, all areas together.
      snapshots = store.snapshots;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      queue = [];
      counted = store.revision;
      shown = new Map();
      show([...store.summaries().values()]);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [store, staggerAround, initial]);
  return summaries;
}
