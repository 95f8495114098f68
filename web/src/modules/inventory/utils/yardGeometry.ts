import type { YardLayout } from '@openyard/contracts';

// World units of the grid (an orthographic view, y down): every area is drawn as its rows one under
// the other; each row is a strip of its columns (x) by its tiers (y, tier 1 at the bottom), so every
// slot of the yard has its own box and a 40 ft container spans two columns of one tier.
export const SLOT_WIDTH = 10;
export const SLOT_HEIGHT = 4.6;
export const SLOT_GAP = 0.9;
export const ROW_GAP = 3.2;
const AREA_HEADER = 14;
const AREA_MARGIN_X = 16;
const AREA_MARGIN_Y = 10;
const ROW_LABEL_WIDTH = 12;

export interface AreaGeometry {
  areaId: number;
  name: string;
  rows: number;
  columns: number;
  maxHeight: number;
  totalSlots: number;
  // First slot index of the area in the yard's slot arrays.
  slotBase: number;
  // Top-left corner of the first slot, and the whole block (header and labels included).
  originX: number;
  originY: number;
  bounds: { x: number; y: number; width: number; height: number };
  rowOrdinal: Map<number, number>;
  columnOrdinal: Map<number, number>;
  rowNames: string[];
  rowIndexes: number[];
  columnNames: string[];
  columnIndexes: number[];
  // Columns (by index) that start a merged 40 ft pair.
  mergedStarts: Set<number>;
  heightNames: string[];
}

export interface YardGeometry {
  areas: AreaGeometry[];
  areasById: Map<number, AreaGeometry>;
  areasByName: Map<string, AreaGeometry>;
  slotCount: number;
  width: number;
  height: number;
  // One entry per slot: where it is, for the empty-slot layer and for picking.
  slotAreaIds: Int32Array;
  slotRowIndexes: Int32Array;
  slotColumnIndexes: Int32Array;
  slotTiers: Int32Array;
  // Cell id of the layout (area, row, column) → its stack, for colour rules.
  cellStacks: Map<number, { areaId: number; rowIndex: number; columnIndex: number }>;
}

const stripHeight = (maxHeight: number) => maxHeight * SLOT_HEIGHT + ROW_GAP;

function areaSize(rows: number, columns: number, maxHeight: number) {
  return {
    width: ROW_LABEL_WIDTH + columns * SLOT_WIDTH,
    height: AREA_HEADER + rows * stripHeight(maxHeight),
  };
}

// Places the areas in shelves about as wide as the yard is tall times the screen's aspect, so the
// whole yard fits a wall display without wasting half of it.
export function yardGeometry(layout: YardLayout, aspect = 1.35): YardGeometry {
  const sized = layout.areaLayouts.map((area) => {
    const rows = area.rowLayouts.length;
    const columns = area.cellNames.length;
    return { area, rows, columns, ...areaSize(rows, columns, area.maxHeight) };
  });
  const surface = sized.reduce((sum, entry) => sum + (entry.width + AREA_MARGIN_X) * (entry.height + AREA_MARGIN_Y), 0);
  const widest = Math.max(0, ...sized.map((entry) => entry.width));
  // Of a range of shelf widths, the one whose yard fills a screen of this aspect best.
  const extent = (limit: number) => {
    let [x, y, shelf, right] = [0, 0, 0, 0];
    for (const entry of sized) {
      if (x > 0 && x + entry.width > limit) [x, y, shelf] = [0, y + shelf + AREA_MARGIN_Y, 0];
      x += entry.width + AREA_MARGIN_X;
      right = Math.max(right, x - AREA_MARGIN_X);
      shelf = Math.max(shelf, entry.height);
    }
    return Math.max(right / aspect, y + shelf);
  };
  const ideal = Math.sqrt(surface * aspect);
  let shelfWidth = Math.max(widest, ideal);
  for (let factor = 0.5; factor <= 2.5; factor += 0.05) {
    const candidate = Math.max(widest, ideal * factor);
    if (extent(candidate) < extent(shelfWidth)) shelfWidth = candidate;
  }

  const areas: AreaGeometry[] = [];
  let x = 0;
  let y = 0;
  let shelfHeight = 0;
  let slotBase = 0;
  let width = 0;
  for (const { area, rows, columns, width: areaWidth, height: areaHeight } of sized) {
    if (x > 0 && x + areaWidth > shelfWidth) {
      x = 0;
      y += shelfHeight + AREA_MARGIN_Y;
      shelfHeight = 0;
    }
    const sortedRows = [...area.rowLayouts].sort((a, b) => a.index - b.index);
    const sortedColumns = [...area.cellNames].sort((a, b) => a.index - b.index);
    areas.push({
      areaId: area.areaId,
      name: area.name,
      rows,
      columns,
      maxHeight: area.maxHeight,
      totalSlots: area.totalSlots,
      slotBase,
      originX: x + ROW_LABEL_WIDTH,
      originY: y + AREA_HEADER,
      bounds: { x, y, width: areaWidth, height: areaHeight },
      rowOrdinal: new Map(sortedRows.map((row, ordinal) => [row.index, ordinal])),
      columnOrdinal: new Map(sortedColumns.map((column, ordinal) => [column.index, ordinal])),
      rowNames: sortedRows.map((row) => row.name),
      rowIndexes: sortedRows.map((row) => row.index),
      columnNames: sortedColumns.map((column) => column.name),
      columnIndexes: sortedColumns.map((column) => column.index),
      mergedStarts: new Set(sortedColumns.filter((column) => column.merged).map((column) => column.index)),
      heightNames: area.heightNames,
    });
    slotBase += rows * columns * area.maxHeight;
    x += areaWidth + AREA_MARGIN_X;
    width = Math.max(width, x - AREA_MARGIN_X);
    shelfHeight = Math.max(shelfHeight, areaHeight);
  }
  const height = y + shelfHeight;

  const slotAreaIds = new Int32Array(slotBase);
  const slotRowIndexes = new Int32Array(slotBase);
  const slotColumnIndexes = new Int32Array(slotBase);
  const slotTiers = new Int32Array(slotBase);
  for (const area of areas) {
    let slot = area.slotBase;
    for (const rowIndex of area.rowIndexes)
      for (const columnIndex of area.columnIndexes)
        for (let tier = 1; tier <= area.maxHeight; tier += 1) {
          slotAreaIds[slot] = area.areaId;
          slotRowIndexes[slot] = rowIndex;
          slotColumnIndexes[slot] = columnIndex;
          slotTiers[slot] = tier;
          slot += 1;
        }
  }
  const cellStacks = new Map<number, { areaId: number; rowIndex: number; columnIndex: number }>();
  for (const area of layout.areaLayouts)
    for (const row of area.rowLayouts)
      for (const cell of row.cellLayouts)
        cellStacks.set(cell.id, { areaId: area.areaId, rowIndex: row.index, columnIndex: cell.columnIndex });

  return {
    areas,
    areasById: new Map(areas.map((area) => [area.areaId, area])),
    areasByName: new Map(areas.map((area) => [area.name.toUpperCase(), area])),
    slotCount: slotBase,
    width,
    height,
    slotAreaIds,
    slotRowIndexes,
    slotColumnIndexes,
    slotTiers,
    cellStacks,
  };
}

// The slot's box in world units: left, top, right, bottom (without the gap around it).
export function slotBox(
  area: AreaGeometry,
  rowIndex: number,
  columnIndex: number,
  tier: number,
  span = 1,
): [number, number, number, number] | null {
  const row = area.rowOrdinal.get(rowIndex);
  const column = area.columnOrdinal.get(columnIndex);
  if (row === undefined || column === undefined || tier < 1 || tier > area.maxHeight) return null;
  const left = area.originX + column * SLOT_WIDTH;
  const bottom =
    area.originY + row * stripHeight(area.maxHeight) + area.maxHeight * SLOT_HEIGHT - (tier - 1) * SLOT_HEIGHT;
  return [left, bottom - SLOT_HEIGHT, left + span * SLOT_WIDTH, bottom];
}

// The box of a slot (a 40 ft box's pair with span 2) as the grid draws what stands there: inside
// the gap around its slots. Planned boxes and planning's assigned slots are outlined on it.
export function drawnSlotBox(
  area: AreaGeometry,
  rowIndex: number,
  columnIndex: number,
  tier: number,
  span = 1,
): [number, number, number, number] | null {
  const box = slotBox(area, rowIndex, columnIndex, tier, span);
  return box && [box[0] + SLOT_GAP / 2, box[1] + SLOT_GAP / 2, box[2] - SLOT_GAP / 2, box[3] - SLOT_GAP / 2];
}

// The box of a whole stack (every tier of one row and column).
export function stackBox(area: AreaGeometry, rowIndex: number, columnIndex: number) {
  const top = slotBox(area, rowIndex, columnIndex, area.maxHeight);
  const bottom = slotBox(area, rowIndex, columnIndex, 1);
  return top && bottom ? ([top[0], top[1], bottom[2], bottom[3]] as const) : null;
}

export function slotIndexOf(area: AreaGeometry, rowIndex: number, columnIndex: number, tier: number): number | null {
  const row = area.rowOrdinal.get(rowIndex);
  const column = area.columnOrdinal.get(columnIndex);
  if (row === undefined || column === undefined || tier < 1 || tier > area.maxHeight) return null;
  return area.slotBase + (row * area.columns + column) * area.maxHeight + (tier - 1);
}

// Where the strip of a row starts (for its label).
export function rowStripTop(area: AreaGeometry, ordinal: number): number {
  return area.originY + ordinal * stripHeight(area.maxHeight);
}
