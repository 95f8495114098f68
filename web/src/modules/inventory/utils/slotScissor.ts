import { slotBox, type YardGeometry } from './yardGeometry';

// What of deck.gl's viewport the rectangle needs: where it is on the canvas (CSS pixels) and how
// world units project onto it (CSS pixels from its top left corner).
export interface ScissorViewport {
  x: number;
  y: number;
  width: number;
  height: number;
  project: (xyz: number[]) => number[];
}

// The drawing buffer's pixels (a WebGL scissor box: left, bottom, width, height) that hold the
// slot's cell, with a pixel more on every side for rounding; null when the cell is off the canvas.
// Redrawing a pixel of a neighbouring slot whose texel did not change writes what it already holds,
// so the margin costs nothing but a few pixels.
export function slotScissorRect(
  geometry: YardGeometry,
  slot: number,
  viewport: ScissorViewport,
  pixelRatio: number,
  bufferWidth: number,
  bufferHeight: number,
): [number, number, number, number] | null {
  const area = geometry.areasById.get(geometry.slotAreaIds[slot]!);
  const cell = area
    ? slotBox(area, geometry.slotRowIndexes[slot]!, geometry.slotColumnIndexes[slot]!, geometry.slotTiers[slot]!)
    : null;
  if (!cell) return null;
  const [x0, y0] = viewport.project([cell[0], cell[1], 0]) as [number, number];
  const [x1, y1] = viewport.project([cell[2], cell[3], 0]) as [number, number];
  // CSS pixels of the canvas (top-down) to device pixels, as deck.gl maps its viewport.
  const left = Math.max(0, Math.floor((viewport.x + Math.min(x0, x1)) * pixelRatio) - 1);
  const right = Math.min(bufferWidth, Math.ceil((viewport.x + Math.max(x0, x1)) * pixelRatio) + 1);
  const top = Math.max(0, Math.floor((viewport.y + Math.min(y0, y1)) * pixelRatio) - 1);
  const bottom = Math.min(bufferHeight, Math.ceil((viewport.y + Math.max(y0, y1)) * pixelRatio) + 1);
  if (right <= left || bottom <= top) return null;
  return [left, bufferHeight - bottom, right - left, bottom - top];
}
