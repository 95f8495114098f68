import type { YardLayout } from '@openyard/contracts';

// For the inventory's unit tests: a yard of one area 'A' (id 1) with two rows of unmerged columns,
// three tiers high.
export function oneAreaLayout(columns: number): YardLayout {
  const indexes = Array.from({ length: columns }, (_, i) => i + 1);
  return {
    slotFormat: '{area}_{row}_{column}_{height}',
    startHeight: 1,
    portStyleColumnNumbers: false,
    areaLayouts: [
      {
        areaId: 1,
        name: 'A',
        maxHeight: 3,
        totalSlots: 2 * columns * 3,
        heightNames: ['1', '2', '3'],
        cellNames: indexes.map((index) => ({ name: String(index), index, merged: false })),
        rowLayouts: [1, 2].map((index) => ({ id: index, name: String(index), index, cellLayouts: [] })),
        corners: null,
      },
    ],
  };
}
