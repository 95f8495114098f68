import { ROW_GAP, SLOT_GAP, SLOT_HEIGHT, SLOT_WIDTH, type YardGeometry } from './yardGeometry';

export interface SlotHit {
  slot: number;
  // On the slot's box, or in the gap to its left or right (a 40 ft box covers the one between its
  // two slots).
  where: 'box' | 'left-gap' | 'right-gap';
}

// The slot under a point of the grid (world units), found from the layout's arithmetic: picking
// needs no render pass. Null between rows, areas and tiers.
export function slotAt(geometry: YardGeometry, x: number, y: number): SlotHit | null {
  for (const area of geometry.areas) {
    const localX = x - area.originX;
    const localY = y - area.originY;
    const stackHeight = area.maxHeight * SLOT_HEIGHT;
    const strip = stackHeight + ROW_GAP;
    const column = Math.floor(localX / SLOT_WIDTH);
    const row = Math.floor(localY / strip);
    if (column < 0 || column >= area.columns || row < 0 || row >= area.rows) continue;
    const inStrip = localY - row * strip;
    if (inStrip >= stackHeight) return null;
    const fromTop = Math.floor(inStrip / SLOT_HEIGHT);
    const inSlotY = inStrip - fromTop * SLOT_HEIGHT;
    if (inSlotY < SLOT_GAP / 2 || inSlotY > SLOT_HEIGHT - SLOT_GAP / 2) return null;
    const inSlotX = localX - column * SLOT_WIDTH;
    const slot = area.slotBase + (row * area.columns + column) * area.maxHeight + (area.maxHeight - 1 - fromTop);
    const where = inSlotX < SLOT_GAP / 2 ? 'left-gap' : inSlotX > SLOT_WIDTH - SLOT_GAP / 2 ? 'right-gap' : 'box';
    return { slot, where };
  }
  return null;
}
