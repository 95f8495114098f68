import type { YardGeometry } from './yardGeometry';

// Widest the slot texture gets; the areas' blocks wrap onto shelves below.
const MAX_WIDTH = 1024;

export interface SlotTextureLayout {
  width: number;
  height: number;
  // Top-left texel of each area's block: a column per slot column, a line per tier of each row
  // (the top tier first), so that texels follow the grid as drawn.
  areaCorners: Map<number, { x: number; y: number }>;
  // Texel of each slot of the yard.
  texelOf: Int32Array;
}

// Where each slot's texel is in the grid's slot texture. Laid out like the grid itself so that the
// shader reads a slot's texel at the coordinates it interpolates, without index arithmetic.
export function slotTextureLayout(geometry: YardGeometry): SlotTextureLayout {
  const areaCorners = new Map<number, { x: number; y: number }>();
  let [x, y, shelf, width] = [0, 0, 0, 1];
  for (const area of geometry.areas) {
    const lines = area.rows * area.maxHeight;
    if (x > 0 && x + area.columns > MAX_WIDTH) [x, y, shelf] = [0, y + shelf, 0];
    areaCorners.set(area.areaId, { x, y });
    x += area.columns;
    width = Math.max(width, x);
    shelf = Math.max(shelf, lines);
  }
  const height = Math.max(1, y + shelf);
  const texelOf = new Int32Array(geometry.slotCount);
  for (const area of geometry.areas) {
    const corner = areaCorners.get(area.areaId)!;
    for (let row = 0; row < area.rows; row += 1)
      for (let column = 0; column < area.columns; column += 1)
        for (let tier = 1; tier <= area.maxHeight; tier += 1) {
          const slot = area.slotBase + (row * area.columns + column) * area.maxHeight + (tier - 1);
          texelOf[slot] = (corner.y + row * area.maxHeight + (area.maxHeight - tier)) * width + corner.x + column;
        }
  }
  return { width, height, areaCorners, texelOf };
}
