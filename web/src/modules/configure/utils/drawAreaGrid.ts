import type { CellMetrics } from './CellMetrics';
import type { AreaGrid, GridCell } from './yardGridOf';

export interface AreaGridPaint {
  ruleColourOf: (cellId: number) => string | null;
  selection: ReadonlySet<number>;
  editing: boolean;
  selectable: (cellId: number) => boolean;
  // The cell whose rule summary is open (view mode).
  focusedCellId: number | null;
}

const FREE_FILL = '#27303a';
const FREE_STROKE = '#36414d';
const SELECTED_FILL = '#2bb3c4';
const SELECTED_STROKE = '#c5f0f4';
const FOCUS_STROKE = '#f1f3f5';

// Draws one area: free cells dark, rule cells in their colour, the selection in the accent colour.
// In edit mode cells of other rules are dimmed and hatched: they cannot be selected (spec 1 §4).
export function drawAreaGrid(
  context: CanvasRenderingContext2D,
  grid: AreaGrid,
  metrics: CellMetrics,
  paint: AreaGridPaint,
): void {
  const { width, height, gap } = metrics;
  context.clearRect(0, 0, context.canvas.width, context.canvas.height);
  const radius = Math.min(4, width / 5);
  for (const cell of grid.all) {
    const left = cell.x * (width + gap) + 0.5;
    const top = cell.y * (height + gap) + 0.5;
    const colour = paint.ruleColourOf(cell.id);
    const selected = paint.selection.has(cell.id);
    const locked = paint.editing && !paint.selectable(cell.id);
    context.beginPath();
    context.roundRect(left, top, width - 1, height - 1, radius);
    context.globalAlpha = locked ? 0.35 : 1;
    context.fillStyle = selected ? SELECTED_FILL : (colour ?? FREE_FILL);
    context.fill();
    context.globalAlpha = 1;
    if (locked) {
      context.save();
      context.clip();
      context.strokeStyle = 'rgba(14, 19, 23, 0.7)';
      context.lineWidth = 1.5;
      context.beginPath();
      for (let offset = -height; offset < width; offset += 5) {
        context.moveTo(left + offset, top + height);
        context.lineTo(left + offset + height, top);
      }
      context.stroke();
      context.restore();
      context.beginPath();
      context.roundRect(left, top, width - 1, height - 1, radius);
    }
    const focused = paint.focusedCellId === cell.id;
    if (focused || selected) {
      context.lineWidth = focused ? 2 : 1.5;
      context.strokeStyle = focused ? FOCUS_STROKE : SELECTED_STROKE;
      context.stroke();
    } else if (colour === null) {
      context.lineWidth = 1;
      context.strokeStyle = FREE_STROKE;
      context.stroke();
    }
  }
}

const PREVIEW_STROKE = '#99e2ea';

// Outlines the cells under the pointer (or that a click would select) on the overlay canvas, so
// that moving the pointer never redraws the whole area.
export function drawPreview(context: CanvasRenderingContext2D, cells: readonly GridCell[], metrics: CellMetrics): void {
  const { width, height, gap } = metrics;
  context.clearRect(0, 0, context.canvas.width, context.canvas.height);
  if (cells.length === 0) return;
  const radius = Math.min(4, width / 5);
  context.lineWidth = 1.5;
  context.strokeStyle = PREVIEW_STROKE;
  context.fillStyle = 'rgba(153, 226, 234, 0.16)';
  context.beginPath();
  for (const cell of cells) {
    context.roundRect(cell.x * (width + gap) + 0.5, cell.y * (height + gap) + 0.5, width - 1, height - 1, radius);
  }
  context.fill();
  context.stroke();
}
