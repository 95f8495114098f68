import type { YardGeometry } from './yardGeometry';

// The keyboard's moves on the grid: one slot as the grid draws them (a row is a strip of columns by
// tiers, tier 1 at the bottom, the rows of an area one under the other), to either end of a row,
// or to the same place in the area before or after.
export type SlotStep = 'left' | 'right' | 'up' | 'down' | 'rowStart' | 'rowEnd' | 'previousArea' | 'nextArea';

const STEPS: Record<string, SlotStep> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'rowStart',
  End: 'rowEnd',
  PageUp: 'previousArea',
  PageDown: 'nextArea',
};

export function slotStepOfKey(key: string): SlotStep | null {
  return STEPS[key] ?? null;
}

// Where a slot index is: its area's position in the yard, and the row, column and tier ordinals.
function placeOf(geometry: YardGeometry, slot: number) {
  const areaIndex = geometry.areas.findIndex((area) => area.areaId === geometry.slotAreaIds[slot]);
  const area = geometry.areas[areaIndex]!;
  const local = slot - area.slotBase;
  const stack = Math.floor(local / area.maxHeight);
  return {
    areaIndex,
    row: Math.floor(stack / area.columns),
    column: stack % area.columns,
    tier: (local % area.maxHeight) + 1,
  };
}

function slotOf(geometry: YardGeometry, areaIndex: number, row: number, column: number, tier: number): number {
  const area = geometry.areas[areaIndex]!;
  return area.slotBase + (row * area.columns + column) * area.maxHeight + (tier - 1);
}

// The slot the step leads to; the same slot at an edge of the yard.
export function stepSlot(geometry: YardGeometry, slot: number, step: SlotStep): number {
  if (slot < 0 || slot >= geometry.slotCount) return slot;
  const { areaIndex, row, column, tier } = placeOf(geometry, slot);
  const area = geometry.areas[areaIndex]!;
  switch (step) {
    case 'left':
      return slotOf(geometry, areaIndex, row, Math.max(0, column - 1), tier);
    case 'right':
      return slotOf(geometry, areaIndex, row, Math.min(area.columns - 1, column + 1), tier);
    case 'rowStart':
      return slotOf(geometry, areaIndex, row, 0, tier);
    case 'rowEnd':
      return slotOf(geometry, areaIndex, row, area.columns - 1, tier);
    // Above the top tier of a row is the ground tier of the row drawn over it.
    case 'up':
      if (tier < area.maxHeight) return slot + 1;
      return row > 0 ? slotOf(geometry, areaIndex, row - 1, column, 1) : slot;
    case 'down':
      if (tier > 1) return slot - 1;
      return row < area.rows - 1 ? slotOf(geometry, areaIndex, row + 1, column, area.maxHeight) : slot;
    case 'previousArea':
    case 'nextArea': {
      const next = areaIndex + (step === 'nextArea' ? 1 : -1);
      const target = geometry.areas[next];
      if (!target || !target.rows || !target.columns) return slot;
      return slotOf(
        geometry,
        next,
        Math.min(row, target.rows - 1),
        Math.min(column, target.columns - 1),
        Math.min(tier, target.maxHeight),
      );
    }
  }
}
