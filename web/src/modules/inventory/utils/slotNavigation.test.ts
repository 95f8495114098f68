import { describe, expect, it } from 'vitest';
import type { YardLayout } from '@openyard/contracts';
import { slotStepOfKey, stepSlot } from './slotNavigation';
import { oneAreaLayout } from './testLayouts';
import { slotIndexOf, yardGeometry } from './yardGeometry';

// Area A: rows 1-2, columns 1-4, tiers 1-3; area B beside it: one row of two columns, two tiers.
const base = oneAreaLayout(4);
const layout: YardLayout = {
  ...base,
  areaLayouts: [
    ...base.areaLayouts,
    {
      areaId: 2,
      name: 'B',
      maxHeight: 2,
      totalSlots: 4,
      heightNames: ['1', '2'],
      cellNames: [1, 2].map((index) => ({ name: String(index), index, merged: false })),
      rowLayouts: [{ id: 9, name: '1', index: 1, cellLayouts: [] }],
      corners: null,
    },
  ],
};
const geometry = yardGeometry(layout);
const [areaA, areaB] = geometry.areas as [(typeof geometry.areas)[0], (typeof geometry.areas)[0]];
const a = (row: number, column: number, tier: number) => slotIndexOf(areaA, row, column, tier)!;
const b = (row: number, column: number, tier: number) => slotIndexOf(areaB, row, column, tier)!;

describe('stepSlot', () => {
  it('moves along a row and stops at its ends', () => {
    expect(stepSlot(geometry, a(1, 2, 1), 'right')).toBe(a(1, 3, 1));
    expect(stepSlot(geometry, a(1, 2, 2), 'left')).toBe(a(1, 1, 2));
    expect(stepSlot(geometry, a(1, 1, 2), 'left')).toBe(a(1, 1, 2));
    expect(stepSlot(geometry, a(1, 4, 1), 'right')).toBe(a(1, 4, 1));
    expect(stepSlot(geometry, a(2, 3, 3), 'rowStart')).toBe(a(2, 1, 3));
    expect(stepSlot(geometry, a(2, 1, 3), 'rowEnd')).toBe(a(2, 4, 3));
  });

  it('goes up the tiers, then to the row drawn above, as the grid shows them', () => {
    expect(stepSlot(geometry, a(2, 2, 1), 'up')).toBe(a(2, 2, 2));
    expect(stepSlot(geometry, a(2, 2, 3), 'up')).toBe(a(1, 2, 1));
    expect(stepSlot(geometry, a(1, 2, 3), 'up')).toBe(a(1, 2, 3));
    expect(stepSlot(geometry, a(1, 2, 2), 'down')).toBe(a(1, 2, 1));
    expect(stepSlot(geometry, a(1, 2, 1), 'down')).toBe(a(2, 2, 3));
    expect(stepSlot(geometry, a(2, 2, 1), 'down')).toBe(a(2, 2, 1));
  });

  it('jumps between areas keeping the place as far as the other area has it', () => {
    expect(stepSlot(geometry, a(2, 4, 3), 'nextArea')).toBe(b(1, 2, 2));
    expect(stepSlot(geometry, b(1, 2, 1), 'previousArea')).toBe(a(1, 2, 1));
    expect(stepSlot(geometry, b(1, 1, 1), 'nextArea')).toBe(b(1, 1, 1));
    expect(stepSlot(geometry, a(1, 1, 1), 'previousArea')).toBe(a(1, 1, 1));
  });

  it('maps the keys it knows', () => {
    expect(slotStepOfKey('ArrowUp')).toBe('up');
    expect(slotStepOfKey('PageDown')).toBe('nextArea');
    expect(slotStepOfKey('Enter')).toBeNull();
  });
});
