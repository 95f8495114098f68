import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { containerSearch } from './container-search';
import {
  columnLabel,
  formatSlotName,
  heightName,
  heightNames,
  locationUpdateItems,
  mergeTargetColumns,
  occupancy,
  pairStart,
  parseSlotName,
  sameSlot,
  sizeClass,
  slotAtGeoPosition,
  slotGeoPosition,
  slotSpan,
  splitAreaError,
  splitTargetColumns,
  tierOfHeightName,
  type ColumnInfo,
} from './slots';

const part = fc.stringMatching(/^[A-Za-z0-9]{1,6}$/);
const areaName = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,8}$/);
const FORMATS = [
  'area_row_column_height',
  'area-row-column-height',
  'height.area.row.column',
  'area/row/column:height',
];

describe('slot names', () => {
  it('format and parse the default area_row_column_height', () => {
    expect(formatSlotName({ area: 'A', row: '3', column: '12', height: '2' })).toBe('A_3_12_2');
    expect(formatSlotName({ area: 'A', row: '3', column: '12' })).toBe('A_3_12');
    expect(parseSlotName('A_3_12_2')).toEqual({ area: 'A', row: '3', column: '12', height: '2' });
    expect(parseSlotName(' A_3_12 ')).toEqual({ area: 'A', row: '3', column: '12', height: null });
    expect(parseSlotName('A_3')).toBeNull();
    expect(parseSlotName('')).toBeNull();
    expect(parseSlotName('A_3_12_2_9')).toBeNull();
    expect(parseSlotName('A 3 12 2')).toBeNull();
  });

  it('read an area name with hyphens under a hyphen separator', () => {
    expect(parseSlotName('NORTH-2-4-7-1', 'area-row-column-height')).toEqual({
      area: 'NORTH-2',
      row: '4',
      column: '7',
      height: '1',
    });
  });

  it('refuse a format that does not name every part once', () => {
    expect(() => formatSlotName({ area: 'A', row: '1', column: '1' }, 'area_row')).toThrow(RangeError);
  });

  it('round-trip for every format, with and without the height (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORMATS),
        areaName,
        part,
        part,
        fc.option(part, { nil: null }),
        (format, area, row, column, height) => {
          fc.pre(!format.includes('-') || !area.includes('-'));
          const text = formatSlotName({ area, row, column, height }, format);
          expect(parseSlotName(text, format)).toEqual({ area, row, column, height });
        },
      ),
    );
  });

  it('never parse what a format cannot write (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const parsed = parseSlotName(text);
        if (parsed) expect(formatSlotName(parsed)).toBe(text.trim());
      }),
    );
  });
});

describe('heights, columns, sizes and occupancy', () => {
  it('name heights from the start height', () => {
    expect(heightNames(4, 1)).toEqual(['1', '2', '3', '4']);
    expect(heightNames(3, 0)).toEqual(['0', '1', '2']);
    expect(tierOfHeightName('0', 0)).toBe(1);
    expect(tierOfHeightName('0', 1)).toBeNull();
    expect(tierOfHeightName('x', 1)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.constantFrom(0, 1), (tier, start) => {
        expect(tierOfHeightName(heightName(tier, start), start)).toBe(tier);
      }),
    );
  });

  it('label columns plainly or port style', () => {
    expect(columnLabel(3, false)).toBe('3');
    expect(columnLabel('3', true)).toBe('05');
    expect(columnLabel(1, true)).toBe('01');
    expect(columnLabel('X1', true)).toBe('X1');
  });

  it('fill two slots for anything longer than 20 ft (spec 2 §9)', () => {
    expect([20, 40, 45].map(slotSpan)).toEqual([1, 2, 2]);
    expect([20, 40, 45].map(sizeClass)).toEqual([20, 40, 40]);
    // Every length the database allows (container_sizes_length), on the same side of the rule as
    // the yard_check_container trigger's 'length_feet > 20'.
    const lengths = [10, 20, 30, 40, 45, 48, 53];
    expect(lengths.map(slotSpan)).toEqual([1, 1, 2, 2, 2, 2, 2]);
    expect(lengths.map(sizeClass)).toEqual([20, 20, 40, 40, 40, 40, 40]);
    expect(lengths.every((length) => (sizeClass(length) === 40) === (slotSpan(length) === 2))).toBe(true);
  });

  it('count occupancy as floor(100 x filled / total)', () => {
    expect(occupancy(1, 3)).toBe(33);
    expect(occupancy(2, 3)).toBe(66);
    expect(occupancy(0, 0)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (total, filled) => {
        fc.pre(filled <= total);
        const value = occupancy(filled, total);
        expect(value).toBe(Math.floor((100 * filled) / total));
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }),
    );
  });
});

const columns = (count: number, mergedStarts: number[] = []): ColumnInfo[] =>
  Array.from({ length: count }, (_, i) => ({ index: i + 1, merged: mergedStarts.includes(i + 1) }));

describe('merge, split slots and split area', () => {
  it('offer merge targets: unmerged columns after the from column at an odd distance', () => {
    expect(mergeTargetColumns(columns(8), 1)).toEqual([2, 4, 6, 8]);
    expect(mergeTargetColumns(columns(8, [5]), 1)).toEqual([2, 4]);
    expect(mergeTargetColumns(columns(8, [5]), 6)).toEqual([]);
    expect(mergeTargetColumns(columns(8, [5]), 7)).toEqual([8]);
  });

  it('offer split targets: the run of merged pairs from the start column', () => {
    expect(splitTargetColumns(columns(8, [1, 3, 7]), 1)).toEqual([1, 3]);
    expect(splitTargetColumns(columns(8, [1, 3, 7]), 2)).toEqual([]);
    expect(pairStart(columns(8, [7]), 8)).toBe(7);
    expect(pairStart(columns(8, [8]), 8)).toBeNull();
  });

  it('merge targets always split into whole pairs of free columns (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }),
        fc.array(fc.integer({ min: 1, max: 30 })),
        fc.integer({ min: 1, max: 30 }),
        (count, starts, from) => {
          // Well-formed pairs only: no start on the last column or right after another start.
          const valid = [...new Set(starts)]
            .sort((a, b) => a - b)
            .filter((s, i, all) => s < count && all[i - 1] !== s - 1);
          const layout = columns(count, valid);
          for (const to of mergeTargetColumns(layout, from)) {
            expect((to - from) % 2).toBe(1);
            for (let index = from; index <= to; index += 1) expect(pairStart(layout, index)).toBeNull();
          }
        },
      ),
    );
  });

  it('refuse splitting the whole area with the spec message, and cutting a pair', () => {
    expect(splitAreaError(columns(10), 1, 10)).toBe(messages.splitAreaEntireArea);
    expect(messages.splitAreaEntireArea).toBe(
      'You seem to have selected entire area fo splitting. Please choose a part of it!',
    );
    expect(splitAreaError(columns(10), 2, 10)).toBeNull();
    expect(splitAreaError(columns(10, [3]), 4, 6)).toBe(messages.splitAreaCutsPair);
    expect(splitAreaError(columns(10, [3]), 1, 3)).toBe(messages.splitAreaCutsPair);
    expect(splitAreaError(columns(10, [3]), 3, 4)).toBeNull();
    expect(splitAreaError(columns(10), 5, 4)).toBe(messages.splitAreaColumnsInvalid);
  });
});

describe('location update rows (spec 1 §5, spec 2 §5)', () => {
  const options = { startHeight: 1 };

  it('join the new location, default the height, skip unchanged rows, and refuse incomplete ones', () => {
    expect(
      locationUpdateItems(
        [
          { containerId: 1, number: 'A', previousLocation: 'A_1_1_1', area: 'A', row: '1', column: '1', height: '' },
          { containerId: 2, number: 'B', previousLocation: 'A_1_2_1', area: 'B', row: '2', column: '3', height: '2' },
        ],
        options,
      ),
    ).toEqual({
      ok: true,
      items: [{ containerId: 2, number: 'B', previousLocation: 'A_1_2_1', newLocation: 'B_2_3_2' }],
    });
    expect(
      locationUpdateItems(
        [{ containerId: 1, number: 'A', previousLocation: 'A_1_1_1', area: 'A', row: '1', column: '1' }],
        options,
      ),
    ).toEqual({ ok: false, error: 'Nothing to update' });
    expect(locationUpdateItems([{ containerId: 1, number: '', area: 'A', row: '1', column: '1' }], options)).toEqual({
      ok: false,
      error: messages.locationUpdateIncomplete,
    });
  });

  it('send a row exactly when it is complete and names another slot (property)', () => {
    const draft = fc.record({
      containerId: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
      number: fc.option(fc.constantFrom('MSCU1234565', ''), { nil: null }),
      previousLocation: fc.option(fc.constantFrom('A_1_1_1', 'A_1_1', 'B_2_2_2', ''), { nil: null }),
      area: fc.option(fc.constantFrom('A', 'B', ''), { nil: null }),
      row: fc.option(fc.constantFrom('1', '2'), { nil: null }),
      column: fc.option(fc.constantFrom('1', '2'), { nil: null }),
      height: fc.option(fc.constantFrom('1', '2', ''), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(draft, { maxLength: 6 }), (drafts) => {
        const result = locationUpdateItems(drafts, options);
        const complete = drafts.every((d) => d.containerId && d.number && d.area && d.row && d.column);
        if (!complete) {
          expect(result).toEqual({ ok: false, error: messages.locationUpdateIncomplete });
          return;
        }
        if (!result.ok) {
          expect(result.error).toBe(messages.nothingToUpdate);
          return;
        }
        for (const item of result.items) {
          expect(parseSlotName(item.newLocation)?.height).not.toBeNull();
          if (item.previousLocation) expect(sameSlot(item.previousLocation, item.newLocation, options)).toBe(false);
        }
        expect(result.items.length).toBeLessThanOrEqual(drafts.length);
      }),
    );
  });
});

describe('slot positions on the map', () => {
  it('put a slot between the corners of its area', () => {
    const corners = [
      { latitude: 10, longitude: 20 },
      { latitude: 10, longitude: 21 },
      { latitude: 9, longitude: 21 },
      { latitude: 9, longitude: 20 },
    ];
    expect(slotGeoPosition(corners, { rows: 2, columns: 4 }, { row: 1, column: 1 })).toEqual({
      latitude: 9.75,
      longitude: 20.125,
    });
    expect(slotGeoPosition(corners, { rows: 2, columns: 4 }, { row: 2, column: 3, span: 2 })).toEqual({
      latitude: 9.25,
      longitude: 20.75,
    });
  });
});

describe('kiosk and mobile container search (spec 2 §5)', () => {
  it('takes up to 10 numbers or one IGM item, with the spec messages', () => {
    expect(containerSearch(' msCU1234565 , MSCU1234565,')).toEqual({ kind: 'numbers', numbers: ['MSCU1234565'] });
    expect(containerSearch('123:4')).toEqual({ kind: 'igm', igm: '123', item: '4' });
    expect(containerSearch(' , ')).toEqual({ kind: 'error', error: messages.searchNothingGiven });
    expect(containerSearch('123:4,MSCU1234565')).toEqual({ kind: 'error', error: messages.searchTooMany });
    expect(containerSearch(Array.from({ length: 11 }, (_, i) => `N${i}`).join(','))).toEqual({
      kind: 'error',
      error: messages.searchTooMany,
    });
  });
});

describe('the slot under a point', () => {
  const corners = [
    { latitude: 19.0, longitude: 72.9 },
    { latitude: 19.0, longitude: 72.902 },
    { latitude: 18.999, longitude: 72.9021 },
    { latitude: 18.999, longitude: 72.8999 },
  ] as const;
  const grid = { rows: 4, columns: 10 };

  it("is the inverse of a slot's position, for every slot", () => {
    for (let row = 1; row <= grid.rows; row += 1)
      for (let column = 1; column <= grid.columns; column += 1)
        expect(slotAtGeoPosition(corners, grid, slotGeoPosition(corners, grid, { row, column }))).toEqual({
          row,
          column,
        });
  });

  it('is none outside the area', () => {
    expect(slotAtGeoPosition(corners, grid, { latitude: 19.01, longitude: 72.901 })).toBeNull();
    expect(slotAtGeoPosition(corners, grid, { latitude: 18.9995, longitude: 72.95 })).toBeNull();
  });
});
