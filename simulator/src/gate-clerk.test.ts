import { describe, expect, it } from 'vitest';
import type { InventoryGrid, YardLayout } from '@openyard/contracts';
import { freeSlot } from './gate-clerk';

const layout: YardLayout = {
  slotFormat: 'area_row_column_height',
  startHeight: 1,
  portStyleColumnNumbers: false,
  areaLayouts: [
    {
      areaId: 7,
      name: 'A',
      maxHeight: 2,
      totalSlots: 6,
      heightNames: ['1', '2'],
      // Column 2 starts a merged 40 ft pair with column 3.
      cellNames: [
        { name: '1', index: 1, merged: false },
        { name: '2', index: 2, merged: true },
        { name: '3', index: 3, merged: false },
      ],
      rowLayouts: [{ id: 1, name: '1', index: 1, cellLayouts: [] }],
      corners: null,
    },
  ],
};

const grid = (tiers: number[]): InventoryGrid => ({
  version: 1,
  lastUpdated: 0,
  liners: [],
  igmItems: [],
  containerIds: tiers.map((_, i) => i + 1),
  numbers: tiers.map((_, i) => `X${i}`),
  areaIds: tiers.map(() => 7),
  rowIndexes: tiers.map(() => 1),
  columnIndexes: tiers.map(() => 1),
  tiers,
  sizes: tiers.map(() => 20),
  linerIndexes: tiers.map(() => -1),
  igmItemIndexes: tiers.map(() => -1),
  planned: tiers.map(() => 0),
});

describe("the demo gate clerk's slot pick", () => {
  it('takes the tier above the stack in an unmerged column', () => {
    expect(freeSlot(layout, grid([]), () => 0)).toBe('A_1_1_1');
    expect(freeSlot(layout, grid([1]), () => 0)).toBe('A_1_1_2');
  });

  it('finds nothing when the only unmerged stack is full', () => {
    expect(freeSlot(layout, grid([1, 2]), () => 0)).toBeNull();
  });
});
