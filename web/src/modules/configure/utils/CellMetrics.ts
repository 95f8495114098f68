// The drawn size of a cell and the gap between cells, in CSS pixels.
export interface CellMetrics {
  width: number;
  height: number;
  gap: number;
}

const MIN_WIDTH = 14;
const MAX_WIDTH = 34;
const GAP = 3;

// Cells share the width the area has; very wide areas keep a usable minimum and scroll sideways.
export function cellMetricsFor(availableWidth: number, columns: number): CellMetrics {
  const fitted = Math.floor(availableWidth / Math.max(columns, 1)) - GAP;
  const width = Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, fitted));
  return { width, height: Math.max(MIN_WIDTH, Math.min(26, width)), gap: GAP };
}
