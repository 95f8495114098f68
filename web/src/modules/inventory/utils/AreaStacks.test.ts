import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOT_FORMAT, messages, type InventoryGrid, type YardLayout } from '@openyard/contracts';
import { AreaStacks } from './AreaStacks';
import { InventoryStore } from './InventoryStore';
import { oneAreaLayout } from './testLayouts';
import { yardGeometry } from './yardGeometry';

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
const area = geometry.areas[0]!;

// id: [row, column, tier, size]
const boxes: Record<number, [number, number, number, number]> = {
  1: [1, 3, 1, 20],
  2: [1, 3, 2, 20], // on top of 1
  3: [1, 4, 1, 20],
  4: [1, 1, 1, 40], // row 1, pair 1-2
  5: [2, 1, 1, 20], // row 2: column 1 one high, column 2 empty
  6: [2, 4, 1, 40], // a 40 ft box to move
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
  planned: ids.map(() => 0),
};
const store = new InventoryStore();
store.setGeometry(geometry);
store.loadSnapshot(grid);
const stacksFor = (id: number) =>
  new AreaStacks(store, area, store.container(store.indexOf(id)!)!, DEFAULT_SLOT_FORMAT);

describe('AreaStacks', () => {
  it('offers a 20 ft box the top of each stack and says why the other slots are refused', () => {
    const stacks = stacksFor(3);
    expect(stacks.slot(1, 3, 3)).toEqual({ ok: true });
    expect(stacks.slot(1, 3, 2)).toEqual({
      ok: false,
      reason: messages.slotChoiceTaken,
      message: messages.slotTaken('A_1_3_2'),
    });
    expect(stacks.slot(2, 2, 2)).toEqual({
      ok: false,
      reason: messages.slotChoiceBelowEmpty,
      message: messages.slotHole('A_2_2_2'),
    });
    expect(stacks.reachableTier(1, 3)).toBe(3);
    expect(stacks.reachableTier(2, 2)).toBe(1);
    // The box's own slot is free for it (moving nowhere is 'Nothing to update', not 'taken').
    expect(stacks.slot(1, 4, 1)).toEqual({ ok: true });
    expect(stacks.reachableTier(1, 4)).toBe(1);
  });

  it('says a full stack is full', () => {
    store.applyMessage(
      {
        ...message(7, 'MSCU0000007', 20),
        location: 'A_1_3_3',
        rowIndex: 1,
        columnIndex: 3,
        tier: 3,
      },
      2,
    );
    const column = stacksFor(3).column(1, 3);
    expect(column).toEqual({
      ok: false,
      reason: messages.slotChoiceFull,
      message: messages.slotAboveHeight('A_1_3_3', 3),
    });
    expect(stacksFor(3).reachableTier(1, 3)).toBeNull();
  });

  it('puts a 40 ft box only on a pair start whose two stacks are level', () => {
    const stacks = stacksFor(6);
    expect(stacks.column(1, 1)).toEqual({ ok: true });
    expect(stacks.slot(1, 1, 2)).toEqual({ ok: true });
    expect(stacks.column(1, 3)).toMatchObject({
      ok: false,
      reason: messages.slotChoiceNotPairStart,
      message: messages.fortyFootNeedsPair('MSCU0000006', 'A_1_3_3'),
    });
    expect(stacks.column(2, 1)).toMatchObject({ ok: false, reason: messages.slotChoiceUneven });
    expect(stacks.slot(2, 1, 2)).toMatchObject({ ok: false, message: messages.slotHole('A_2_1_2') });
    expect(stacks.slot(2, 1, 1)).toMatchObject({ ok: false, message: messages.slotTaken('A_2_1_1') });
  });

  it('refuses to move a box with another on top of it', () => {
    expect(stacksFor(1).leaving()).toMatchObject({
      ok: false,
      message: messages.slotLeavesHole('MSCU0000001', 'A_1_3_1'),
    });
    expect(stacksFor(3).leaving()).toEqual({ ok: true });
  });
});

function message(containerId: number, number: string, size: number) {
  return {
    containerId,
    number,
    igmNumber: null,
    itemNumber: null,
    size,
    sizeName: String(size),
    liner: null,
    linerColor: null,
    process: null,
    containerType: null,
    category: null,
    customer: null,
    cargoType: null,
    hazardous: false,
    addeddate: 0,
    lastMovedDate: null,
    planned: false,
    dispatched: false,
    fullName: null,
    area: 'A',
    stackIndex: null,
  };
}
