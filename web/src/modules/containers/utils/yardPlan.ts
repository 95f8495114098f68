import type { AreaLayout } from '@openyard/contracts';

// The yard drawn from above for the 'Yard map' tab: every area a block of rows × columns, laid out
// in lines like a depot plan. Units are metres-ish: a 20 ft slot is 6 long and 2.6 wide.
export const SLOT_LENGTH = 6;
export const SLOT_WIDTH = 2.6;
const AREA_GAP = 12;
const LABEL_ROOM = 7;

export interface PlannedArea {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rows: { name: string; index: number }[];
  columns: { name: string; index: number; merged: boolean }[];
}

export interface YardPlan {
  areas: PlannedArea[];
  width: number;
  height: number;
}

export function yardPlan(areas: readonly AreaLayout[]): YardPlan {
  const sized = areas.map((area) => ({
    area,
    width: Math.max(area.cellNames.length, 1) * SLOT_LENGTH,
    height: Math.max(area.rowLayouts.length, 1) * SLOT_WIDTH,
  }));
  // Lines about as wide as the yard is deep, so the plan fits a landscape window.
  const totalArea = sized.reduce((sum, entry) => sum + (entry.width + AREA_GAP) * (entry.height + LABEL_ROOM), 0);
  const widest = Math.max(0, ...sized.map((entry) => entry.width));
  const lineWidth = Math.max(widest, Math.sqrt(totalArea * 6));
  const planned: PlannedArea[] = [];
  let x = 0;
  let y = LABEL_ROOM;
  let lineHeight = 0;
  let width = 0;
  for (const { area, width: areaWidth, height: areaHeight } of sized) {
    if (x > 0 && x + areaWidth > lineWidth) {
      x = 0;
      y += lineHeight + AREA_GAP + LABEL_ROOM;
      lineHeight = 0;
    }
    planned.push({
      name: area.name,
      x,
      y,
      width: areaWidth,
      height: areaHeight,
      rows: [...area.rowLayouts].sort((a, b) => a.index - b.index).map(({ name, index }) => ({ name, index })),
      columns: [...area.cellNames].sort((a, b) => a.index - b.index),
    });
    x += areaWidth + AREA_GAP;
    width = Math.max(width, x - AREA_GAP);
    lineHeight = Math.max(lineHeight, areaHeight);
  }
  return { areas: planned, width, height: y + lineHeight };
}

// The rectangle of a slot (or of both slots of a 40 ft pair) in plan coordinates, as a polygon.
export function slotPolygon(
  area: PlannedArea,
  rowName: string,
  columnName: string,
  span: 1 | 2,
): [number, number][] | null {
  const rowPosition = area.rows.findIndex((row) => row.name === rowName);
  const columnPosition = area.columns.findIndex((column) => column.name === columnName);
  if (rowPosition < 0 || columnPosition < 0) return null;
  const left = area.x + columnPosition * SLOT_LENGTH;
  const top = area.y + rowPosition * SLOT_WIDTH;
  const right = left + SLOT_LENGTH * span;
  const bottom = top + SLOT_WIDTH;
  return [
    [left, top],
    [right, top],
    [right, bottom],
    [left, bottom],
  ];
}
