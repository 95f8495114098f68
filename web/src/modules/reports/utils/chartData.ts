import type { LocationStatisticsReportRow, MachineMovementSummaryRow } from '@openyard/contracts';

// What the report charts draw, from the rows the report answered.

export interface StackedBar {
  label: string;
  // The parts of the bar, in the order of its legend.
  parts: readonly number[];
  total: number;
}

export interface LocationChart {
  bars: StackedBar[];
  // Containers gated in within the range whose location was never updated (2.3's last row).
  notUpdated: number;
}

// 2.3 per area: placements by a machine, by hand, at the gate, stacked; the areas with none are
// left out (a yard's empty areas would only crowd the chart).
export const LOCATION_PARTS = ['By machine', 'By hand', 'At the gate'] as const;
export function locationChartOf(rows: readonly LocationStatisticsReportRow[]): LocationChart {
  const bars: StackedBar[] = [];
  let notUpdated = 0;
  for (const row of rows) {
    notUpdated += row.notUpdated;
    if (row.area === null) continue;
    const parts = [row.machineMoves, row.manualMoves, row.gateMoves];
    const total = parts.reduce((sum, part) => sum + part, 0);
    if (total > 0) bars.push({ label: row.area, parts, total });
  }
  return { bars, notUpdated };
}

// 3.1 per yard day: the drops that completed a task and the others (spec 3 §3 Dashboard report).
export const SUMMARY_PARTS = ['Productive', 'Waste'] as const;
export function summaryChartOf(rows: readonly MachineMovementSummaryRow[]): StackedBar[] {
  return rows.map((row) => ({
    label: row.day,
    parts: [row.productiveMoves, row.wasteMoves],
    total: row.productiveMoves + row.wasteMoves,
  }));
}

// Every how many bars a label fits under its bar: one label per `labelPx` of width at most.
export function labelEvery(count: number, widthPx: number, labelPx: number): number {
  if (count <= 0 || widthPx <= 0) return 1;
  return Math.max(1, Math.ceil((count * labelPx) / widthPx));
}

// A scale's top: the largest figure rounded up to a step of 1, 2 or 5 times a power of ten, so that
// the gridlines fall on round numbers; at least 1.
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}
