import { useEffect, useState } from 'react';
import type { AreaSummary, InventoryStore } from '../utils/InventoryStore';

const EVERY_MS = 400;

// Occupancy, sizes and liners per area, recounted from the store at most a few times a second: a
// burst of moves redraws the grid every frame but the pies only when the eye can follow.
export function useAreaSummaries(store: InventoryStore): Map<number, AreaSummary> {
  const [summaries, setSummaries] = useState(() => store.summaries());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let counted = -1;
    const count = () => {
      timer = null;
      if (counted === store.revision) return;
      counted = store.revision;
      setSummaries(store.summaries());
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
