import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOT_FORMAT, messages, type InventoryGrid, type YardLayout } from '@openyard/contracts';
import { InventoryStore } from '../../inventory/utils/InventoryStore';
import { oneAreaLayout } from '../../inventory/utils/testLayouts';
import { yardGeometry } from '../../inventory/utils/yardGeometry';
import { NO_ASSIGNMENTS, withAssignment, type Assignments } from './planAssignments';
import { assignedSlotsOf, chooseSlot, chooseSlotInArea, stackOfPick } from './planOnGrid';

// Area A, rows 1-2, tiers 1-3; columns 1 and 2 a merged 40 ft pair, 3 and 4 single.
const base = oneAreaLayout(4);
const layout: YardLayout = {
  ...base,
  areaLayouts: base.areaLayouts.map((area) => ({
    ...area,
    cellNames: area.cellNames.map((cell) => ({ ...cell, merged: cell.index === 1 })),
  })),
};
const geometry = yardGeometry(layout);
const format = { slotFormat: DEFAULT_SLOT_FORMAT, startHeight: 1 };

// id: [row, column, tier, size, planned]
const boxes: Record<number, [number, number, number, number, number]> = {
  1: [1, 3, 1, 20, 0],
  2: [1, 3, 2, 20, 1], // planned on top of 1
  3: [2, 1, 1, 20, 0], // row 2: column 1 one high, column 2 empty
};
const ids = Object.keys(boxes).map(Number);
const grid: InventoryGrid = {
  version: 1,
  lastUpdated: 0,
  liners: [],
  igmItems: [],
  containerIds: ids,
  numbers: ids.map((id) => `MSCU${String(id).padStart(7, '0')}`),
  areaIds: ids.map(() => 1),
  rowIndexes: ids.map((id) => boxes[id]![0]),
  columnIndexes: ids.map((id) => boxes[id]![1]),
  tiers: ids.map((id) => boxes[id]![2]),
  sizes: ids.map((id) => boxes[id]![3]),
  linerIndexes: ids.map(() => -1),
  igmItemIndexes: ids.map(() => -1),
  planned: ids.map((id) => boxes[id]![4]),
};
const store = new InventoryStore();
store.setGeometry(geometry);
store.loadSnapshot(grid);

const sizes = new Map([
  ['TWENTY1', '20'],
  ['TWENTY2', '20'],
  ['FORTY01', '40'],
  ['FORTY02', '40'],
]);
const context = (assignments: Assignments, free?: ReadonlySet<number>) => ({
  store,
  geometry,
  slotFormat: DEFAULT_SLOT_FORMAT,
  assigned: assignedSlotsOf(assignments, sizes, geometry, format),
  free,
});
const at = (rowIndex: number, columnIndex: number) => ({ areaId: 1, rowIndex, columnIndex });

describe('planning on the grid', () => {
  it('plans a 20 ft box on top of the stack clicked, over planned boxes and other assignments', () => {
    expect(chooseSlot(at(1, 4), { containerNumber: 'TWENTY1', size: '20' }, context(NO_ASSIGNMENTS))).toEqual({
      ok: true,
      slotFullName: 'A_1_4_1',
    });
    // Column 3 holds a box and a planned one.
    expect(chooseSlot(at(1, 3), { containerNumber: 'TWENTY1', size: '20' }, context(NO_ASSIGNMENTS))).toEqual({
      ok: true,
      slotFullName: 'A_1_3_3',
    });
    const taken = withAssignment(NO_ASSIGNMENTS, 'TWENTY2', 'A_1_4_1');
    expect(chooseSlot(at(1, 4), { containerNumber: 'TWENTY1', size: '20' }, context(taken))).toEqual({
      ok: true,
      slotFullName: 'A_1_4_2',
    });
    // A full stack says so.
    const full = withAssignment(NO_ASSIGNMENTS, 'TWENTY2', 'A_1_3_3');
    const refused = chooseSlot(at(1, 3), { containerNumber: 'TWENTY1', size: '20' }, context(full));
    expect(refused).toEqual({ ok: false, message: messages.slotAboveHeight('A_1_3_3', 3) });
  });

  it('gives a 40 ft box the merged pair of the column clicked, at one height', () => {
    // Either column of the pair names the pair's first slot.
    for (const column of [1, 2])
      expect(chooseSlot(at(1, column), { containerNumber: 'FORTY01', size: '40' }, context(NO_ASSIGNMENTS))).toEqual({
        ok: true,
        slotFullName: 'A_1_1_1',
      });
    // No pair in column 4.
    expect(chooseSlot(at(1, 4), { containerNumber: 'FORTY01', size: '40' }, context(NO_ASSIGNMENTS))).toEqual({
      ok: false,
      message: messages.fortyFootNeedsPair('FORTY01', 'A_1_4_1'),
    });
    // Row 2's pair stands at two heights.
    const uneven = chooseSlot(at(2, 2), { containerNumber: 'FORTY01', size: '40' }, context(NO_ASSIGNMENTS));
    expect(uneven.ok).toBe(false);
    // A 40 ft assignment takes both stacks of its pair for the boxes after it.
    const forty = withAssignment(NO_ASSIGNMENTS, 'FORTY01', 'A_1_1_1');
    expect(chooseSlot(at(1, 2), { containerNumber: 'TWENTY1', size: '20' }, context(forty))).toEqual({
      ok: true,
      slotFullName: 'A_1_2_2',
    });
  });

  it('frees the slots of the plan being edited for its own boxes', () => {
    const planned = new Set([store.indexOf(2)!]);
    expect(chooseSlot(at(1, 3), { containerNumber: 'TWENTY1', size: '20' }, context(NO_ASSIGNMENTS, planned))).toEqual({
      ok: true,
      slotFullName: 'A_1_3_2',
    });
  });

  it('draws every assignment once and knows which slots each covers', () => {
    let assignments = withAssignment(NO_ASSIGNMENTS, 'FORTY01', 'A_1_1_1');
    assignments = withAssignment(assignments, 'TWENTY1', 'A_2_4_1');
    assignments = withAssignment(assignments, 'TWENTY2', 'B_1_1_1');
    const assigned = assignedSlotsOf(assignments, sizes, geometry, format);
    expect(assigned.boxes.length).toBe(8);
    expect(assigned.unplaced).toEqual(['TWENTY2']);
    const forty = assigned.byContainer.get('FORTY01')!;
    expect(forty.slots).toHaveLength(2);
    for (const slot of forty.slots) {
      expect(assigned.bySlot.get(slot)).toBe('FORTY01');
      expect(stackOfPick({ kind: 'slot', slot, x: 0, y: 0 }, store, geometry)).toMatchObject({ rowIndex: 1 });
    }
    expect(geometry.slotColumnIndexes[forty.slots[1]!]).toBe(2);
    // A planned box stands in its slot: a click on it is a click on that slot.
    const plannedBox = stackOfPick({ kind: 'container', index: store.indexOf(2)!, x: 0, y: 0 }, store, geometry)!;
    expect(plannedBox).toMatchObject(at(1, 3));
    expect(geometry.slotTiers[plannedBox.slot!]).toBe(2);
    expect(geometry.slotColumnIndexes[plannedBox.slot!]).toBe(3);
  });
});

describe('area-only planning', () => {
  it('gives the box the lowest stack of the chosen area that takes it', () => {
    // Row 1 column 4 and row 2 columns 3-4 are the empty 20 ft stacks (1-2 are a 40 ft pair); row 1
    // column 4 comes first.
    expect(chooseSlotInArea(1, { containerNumber: 'TWENTY1', size: '20' }, context(NO_ASSIGNMENTS))).toEqual({
      ok: true,
      slotFullName: 'A_1_4_1',
    });
    const taken = withAssignment(NO_ASSIGNMENTS, 'TWENTY2', 'A_1_4_1');
    expect(chooseSlotInArea(1, { containerNumber: 'TWENTY1', size: '20' }, context(taken))).toEqual({
      ok: true,
      slotFullName: 'A_2_3_1',
    });
    // A 40 ft box only on a pair at one height: row 1's pair is empty.
    expect(chooseSlotInArea(1, { containerNumber: 'FORTY01', size: '40' }, context(NO_ASSIGNMENTS))).toEqual({
      ok: true,
      slotFullName: 'A_1_1_1',
    });
    const pairTaken = withAssignment(NO_ASSIGNMENTS, 'FORTY02', 'A_1_1_3');
    expect(chooseSlotInArea(1, { containerNumber: 'FORTY01', size: '40' }, context(pairTaken))).toEqual({
      ok: false,
      message: 'No slot of area A takes FORTY01 (40 ft)',
    });
  });
});
