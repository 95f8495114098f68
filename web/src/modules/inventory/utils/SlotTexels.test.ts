import { describe, expect, it } from 'vitest';
import type { InventoryContainer, InventoryGrid } from '@openyard/contracts';
import { NO_AREA_FILTER, type GridFilters } from './gridFilters';
import { InventoryStore } from './InventoryStore';
import { SlotTexels } from './SlotTexels';
import { oneAreaLayout } from './testLayouts';
import { slotIndexOf, yardGeometry } from './yardGeometry';

const layout = oneAreaLayout(3);
const geometry = yardGeometry(layout);
const area = geometry.areas[0]!;
const filters: GridFilters = { areas: { 1: NO_AREA_FILTER }, igmItem: null };

const grid: InventoryGrid = {
  version: 1,
  lastUpdated: 0,
  liners: [{ name: 'MSC', color: '#ff0000' }],
  igmItems: [],
  containerIds: [10, 11],
  numbers: ['MSCU1000000', 'MSCU1100000'],
  areaIds: [1, 1],
  rowIndexes: [1, 2],
  columnIndexes: [1, 2],
  tiers: [1, 1],
  sizes: [20, 40],
  linerIndexes: [0, 0],
  igmItemIndexes: [-1, -1],
  planned: [0, 0],
};

const moved = (rowIndex: number, columnIndex: number, tier: number): InventoryContainer => ({
  containerId: 10,
  number: 'MSCU1000000',
  igmNumber: null,
  itemNumber: null,
  size: 20,
  sizeName: '20',
  liner: 'MSC',
  linerColor: '#ff0000',
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
  location: `A_${rowIndex}_${columnIndex}_${tier}`,
  fullName: null,
  area: 'A',
  stackIndex: null,
  rowIndex,
  columnIndex,
  tier,
});

function loaded() {
  const store = new InventoryStore();
  store.setGeometry(geometry);
  store.loadSnapshot(grid);
  const texels = new SlotTexels();
  const update = () => texels.update(store, geometry, filters, null, store.takeDirty(), store.takeChanged());
  return { store, update };
}

describe('SlotTexels changes', () => {
  it('stand for every slot after a full repaint', () => {
    const { update } = loaded();
    expect(update().changes.take()).toBeNull();
  });

  it('name the slots a live move left and took', () => {
    const { store, update } = loaded();
    update().changes.take();
    store.applyMessage(moved(2, 3, 2), 2);
    const changed = update().changes.take();
    expect(changed?.sort((a, b) => a - b)).toEqual(
      [slotIndexOf(area, 1, 1, 1)!, slotIndexOf(area, 2, 3, 2)!].sort((a, b) => a - b),
    );
  });

  it('keep the slots of updates until they are taken', () => {
    const { store, update } = loaded();
    const first = update();
    first.changes.take();
    store.applyMessage(moved(1, 2, 1), 2);
    update();
    store.applyMessage(moved(1, 3, 1), 3);
    const changed = update().changes.take();
    expect(new Set(changed)).toEqual(
      new Set([slotIndexOf(area, 1, 1, 1), slotIndexOf(area, 1, 2, 1), slotIndexOf(area, 1, 3, 1)]),
    );
  });
});
