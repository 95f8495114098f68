import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOT_FORMAT, type InventoryGrid } from '@openyard/contracts';
import { InventoryStore } from './InventoryStore';
import { searchGrid } from './searchGrid';
import { oneAreaLayout } from './testLayouts';
import { slotIndexOf, yardGeometry } from './yardGeometry';

const geometry = yardGeometry(oneAreaLayout(4));
// id: [number, row, column, IGM item index]
const boxes: [string, number, number, number][] = [
  ['MSCU1234565', 1, 1, 0],
  ['MSCU7788990', 1, 2, -1],
  ['MSKU0000010', 1, 3, 1],
  ['CSQU3054383', 2, 1, -1],
];
const grid: InventoryGrid = {
  version: 1,
  lastUpdated: 0,
  liners: [],
  igmItems: ['2345678:1', 'MSCZ:4'],
  containerIds: boxes.map((_, i) => i + 1),
  numbers: boxes.map(([number]) => number),
  areaIds: boxes.map(() => 1),
  rowIndexes: boxes.map(([, row]) => row),
  columnIndexes: boxes.map(([, , column]) => column),
  tiers: boxes.map(() => 1),
  sizes: boxes.map(() => 20),
  linerIndexes: boxes.map(() => -1),
  igmItemIndexes: boxes.map(([, , , igm]) => igm),
  planned: boxes.map(() => 0),
};
const store = new InventoryStore();
store.setGeometry(geometry);
store.loadSnapshot(grid);
const options = { slotFormat: DEFAULT_SLOT_FORMAT, startHeight: 1 };
const search = (text: string) => searchGrid(text, store, geometry, options);
const numbersOf = (result: ReturnType<typeof search>) =>
  result.kind === 'containers' ? result.indexes.map((index) => store.numbers[index]) : result;

describe('inventory search', () => {
  it('finds the boxes of an owner prefix instead of looking for an IGM of that name', () => {
    expect(search('MSCU')).toMatchObject({ kind: 'containers', by: 'number' });
    expect(numbersOf(search(' mscu '))).toEqual(['MSCU1234565', 'MSCU7788990']);
    expect(numbersOf(search('MSCU77'))).toEqual(['MSCU7788990']);
    expect(numbersOf(search('MSCU, CSQU'))).toEqual(['MSCU1234565', 'MSCU7788990', 'CSQU3054383']);
    expect(search('TGHU')).toEqual({ kind: 'none', message: 'No container number starting with TGHU is in the yard' });
  });

  it('finds whole numbers, typed as painted or without the check digit', () => {
    expect(numbersOf(search('CSQU 305438 3'))).toEqual(['CSQU3054383']);
    expect(numbersOf(search('CSQU305438'))).toEqual(['CSQU3054383']);
    expect(numbersOf(search('MSKU0000010 MSCU1234565'))).toEqual(['MSCU1234565', 'MSKU0000010']);
    expect(search('TGHU1234567')).toEqual({ kind: 'none', message: 'Container TGHU1234567 is not in the yard' });
    expect(search('TGHU1234567,TGHU7654321')).toEqual({
      kind: 'none',
      message: 'None of these containers is in the yard',
    });
  });

  it('still finds IGMs (one shaped like an owner prefix too), IGM items and slots', () => {
    expect(numbersOf(search('2345678'))).toEqual(['MSCU1234565']);
    expect(search('2345678:1')).toMatchObject({ kind: 'containers', by: 'igm' });
    expect(numbersOf(search('MSCZ'))).toEqual(['MSKU0000010']);
    expect(search('MSCZ')).toMatchObject({ by: 'igm' });
    expect(search('A_2_3_2')).toEqual({ kind: 'slot', slot: slotIndexOf(geometry.areas[0]!, 2, 3, 2) });
    expect(search('999')).toEqual({ kind: 'none', message: 'No container of IGM 999 is in the yard' });
  });
});
