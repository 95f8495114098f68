import { describe, expect, it } from 'vitest';
import { createSlotNamer } from '../yard';
import type { EngineBox } from './engine/types';
import { buildYardModel, cellKey, stackCellOf, type StandingBox } from './yard-model';

// One area of 2 rows × 4 columns, height 3; columns 3-4 a merged 40 ft pair.
const namer = createSlotNamer({ slotFormat: 'AREA_ROW_COLUMN_HEIGHT', startHeight: 1, portStyleColumnNumbers: false });
const corner = { lat1: null, long1: null, lat2: null, long2: null, lat3: null, long3: null, lat4: null, long4: null };
const grid = namer.grid(
  [{ id: 1, name: 'A', sortOrder: 0, maxHeight: 3, ...corner }],
  [1, 2].map((index) => ({ id: index, areaId: 1, index, name: String(index) })),
  [1, 2, 3, 4].map((index) => ({ id: index, areaId: 1, index, name: String(index), merged: index === 3 })),
);
const cellIds = new Map(
  [1, 2].flatMap((row) =>
    [1, 2, 3, 4].map((column) => [cellKey({ areaId: 1, rowIndex: row, columnIndex: column }), row * 10 + column]),
  ),
);
const box = (id: string, size: 20 | 40): EngineBox => ({ id, size, departureAt: 0, sigma: 0.5 });
const at = (id: string, row: number, column: number, tier: number, lengthFeet = 20): StandingBox => ({
  position: { areaId: 1, rowIndex: row, columnIndex: column, tier },
  lengthFeet,
  box: box(id, lengthFeet > 20 ? 40 : 20),
});
const sizeParam = { name: 'Container size', sizeNames: { 20: ['20'], 40: ['40', '45'] } };

describe('the yard as the engine sees it', () => {
  it('makes a 20 ft stack per column and a 40 ft stack per merged pair, boxes bottom first', () => {
    const model = buildYardModel({
      grid,
      cellIds,
      boxes: [at('B2', 1, 1, 2), at('B1', 1, 1, 1), at('F1', 1, 3, 1, 40)],
      sizeParam,
      customParams: [],
      origin: null,
    });
    expect(model.stacks.map((stack) => [stack.key, stack.size, stack.boxes.map((entry) => entry.id)])).toEqual([
      ['A:1:1', 20, ['B1', 'B2']],
      ['A:1:2', 20, []],
      ['A:1:3', 40, ['F1']],
      ['A:2:1', 20, []],
      ['A:2:2', 20, []],
      ['A:2:3', 40, []],
    ]);
    expect(model.stacks[0]).toMatchObject({ maxHeight: 3, accepts: { 'Container size': ['20'] } });
    expect(model.stacks[2]).toMatchObject({ accepts: { 'Container size': ['40', '45'] } });
    expect(model.stacks.some((stack) => stack.closed)).toBe(false);
    expect(model.positionOf('A:1:3', 2)).toEqual({ areaId: 1, rowIndex: 1, columnIndex: 3, tier: 2 });
    expect(model.standingOf('B2')).toEqual({ stackKey: 'A:1:1', tier: 2 });
    expect(model.positionOf('A:9:9', 1)).toBeNull();
  });

  it('closes a merged pair 20 ft boxes stand in: two 20 ft stacks the engine plans nothing into', () => {
    const model = buildYardModel({
      grid,
      cellIds,
      boxes: [at('S3', 2, 3, 1), at('S4', 2, 4, 1)],
      sizeParam: null,
      customParams: [],
      origin: null,
    });
    expect(
      model.stacks
        .filter((stack) => stack.row === 2 && stack.column >= 3)
        .map((stack) => [stack.key, stack.size, stack.closed]),
    ).toEqual([
      ['A:2:3', 20, true],
      ['A:2:4', 20, true],
    ]);
  });

  it('names the values of a CUSTOM param its cells accept, and leaves other stacks open to any', () => {
    const model = buildYardModel({
      grid,
      cellIds,
      boxes: [],
      sizeParam: null,
      customParams: [
        {
          name: 'Cargo class',
          valuesByCell: new Map([
            [11, ['Reefer']],
            [13, ['Hazardous']],
          ]),
        },
      ],
      origin: null,
    });
    const accepts = Object.fromEntries(model.stacks.map((stack) => [stack.key, stack.accepts]));
    expect(accepts['A:1:1']).toEqual({ 'Cargo class': ['Reefer'] });
    expect(accepts['A:1:3']).toEqual({ 'Cargo class': ['Hazardous'] });
    expect(accepts['A:1:2']).toEqual({});
  });

  it('keeps the stacks whose boxes stayed from one model to the next, and makes the others again', () => {
    const frames = new Map();
    const [b1, b2, f1] = [at('B1', 1, 1, 1), at('B2', 1, 1, 2), at('F1', 1, 3, 1, 40)];
    const input = { grid, cellIds, sizeParam, customParams: [], origin: null, frames };
    const first = buildYardModel({ ...input, boxes: [b1, b2, f1] });
    // B2 leaves, a 20 ft box comes into the pair (closing it): those stacks are new, the rest the same.
    const second = buildYardModel({ ...input, boxes: [b1, f1, at('S4', 1, 4, 1)] });
    const byKey = (model: typeof first) => new Map(model.stacks.map((stack) => [`${stack.key}/${stack.size}`, stack]));
    const [before, after] = [byKey(first), byKey(second)];
    expect(after.get('A:1:1/20')!.boxes.map((entry) => entry.id)).toEqual(['B1']);
    expect(after.get('A:1:1/20')).not.toBe(before.get('A:1:1/20'));
    expect(after.get('A:1:3/20')).toMatchObject({ closed: true });
    expect(after.get('A:1:4/20')!.boxes.map((entry) => entry.id)).toEqual(['S4']);
    expect(after.get('A:1:2/20')).toBe(before.get('A:1:2/20'));
    expect(after.get('A:2:3/40')).toBe(before.get('A:2:3/40'));
    // And back: the first model's boxes give its stacks again.
    const third = byKey(buildYardModel({ ...input, boxes: [b1, b2, f1] }));
    expect(third.get('A:1:1/20')!.boxes.map((entry) => entry.id)).toEqual(['B1', 'B2']);
    expect(third.get('A:1:3/40')!.boxes.map((entry) => entry.id)).toEqual(['F1']);
    expect(third.get('A:1:2/20')).toBe(before.get('A:1:2/20'));
  });

  it('names the stack a slot is in: its column alone, or its merged pair by the first column', () => {
    const stackOf = (rowIndex: number, columnIndex: number) => stackCellOf(grid, { areaId: 1, rowIndex, columnIndex });
    expect([1, 2, 3, 4].map((column) => stackOf(1, column))).toEqual(['1:1:1', '1:1:2', '1:1:3', '1:1:3']);
    expect(stackOf(2, 4)).toBe('1:2:3');
    // A column the layout does not have: itself.
    expect(stackOf(1, 9)).toBe('1:1:9');
  });
});
