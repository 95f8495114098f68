import type { AreaSummary } from './InventoryStore';
import type { YardGeometry } from './yardGeometry';

export interface YardTotals {
  filled: number;
  containers: number;
  total: number;
  occupancy: number;
}

// The yard's occupancy (whole per cent, rounded down), boxes and filled slots, from the area
// summaries: the inventory screen's badge and the wall display's yard tile.
export function yardTotals(summaries: ReadonlyMap<number, AreaSummary>, geometry: YardGeometry): YardTotals {
  let filled = 0;
  let containers = 0;
  for (const summary of summaries.values()) {
    filled += summary.filledSlots;
    containers += summary.containers20 + summary.containers40;
  }
  const total = geometry.areas.reduce((sum, area) => sum + area.totalSlots, 0);
  return { filled, containers, total, occupancy: total ? Math.floor((100 * filled) / total) : 0 };
}
