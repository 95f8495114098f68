import type { AreaGeometry } from './yardGeometry';

// What is under the pointer on the grid: a container (its store entry) or an empty slot.
export type GridPick =
  { kind: 'container'; index: number; x: number; y: number } | { kind: 'slot'; slot: number; x: number; y: number };

// A place the view should go to: a box in world units; `key` makes a repeated request count.
export interface GridFocus {
  box: readonly [number, number, number, number];
  key: number;
}

// The view on a whole area (its block, header and labels included): the inventory's area cards and
// planning's area choice zoom there.
export function areaFocus(area: Pick<AreaGeometry, 'bounds'>): GridFocus {
  const { x, y, width, height } = area.bounds;
  return { box: [x, y, x + width, y + height], key: Date.now() };
}
