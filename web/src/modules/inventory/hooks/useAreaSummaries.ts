import { startTransition, useEffect, useState } from 'react';
import type { AreaSummary, InventoryStore } from '../utils/InventoryStore';

const EVERY_MS = 400;

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
// render as a transition, in slices that leave the grid's frames alone.
export function useAreaSummaries(store: InventoryStore): ReadonlyMap<number, AreaSummary> {
  const [summaries, setSummaries] = useState<ReadonlyMap<number, AreaSummary>>(() => store.summaries());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let counted = -1;
    const count = () => {
      timer = null;
      if (counted === store.revision) return;
      counted = store.revision;
      const next = new Map(store.summaries());
      startTransition(() =>
        setSummaries((previous) => {
          let changed = next.size !== previous.size;
          for (const [areaId, summary] of next) {
            const before = previous.get(areaId);
            if (before && sameSummary(before, summary)) next.set(areaId, before);
            else changed = true;
          }
          return changed ? next : previous;
        }),
      );
    };
    count();
    const unsubscribe = store.subscribe(() => {
      timer ??= setTimeout(count, EVERY_MS);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [store]);
  return summaries;
}
