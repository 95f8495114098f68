import { pairStart, sizeClass, slotGeoPosition, type GeoPoint } from '@openyard/contracts';
import type { Grid, GridArea, Position } from '../yard';
import type { EngineBox, EngineStack } from './engine/types';

// The yard as the planning engine sees it (issue 19): one stack per column of a row (20 ft) or per
// merged pair (40 ft), its boxes bottom first — a plan's reservations and the slots pending drops are
// going to included, as boxes — with the area's height, where it is (for machine travel) and the
// slot-group values it accepts (spec 1 §3).

const METRES_PER_DEGREE = 111_320;

// A box standing somewhere (or about to): its first column, its tier, and the engine's view of it.
export interface StandingBox {
  position: Position;
  lengthFeet: number;
  box: EngineBox;
}

export interface SlotGroupRule {
  // The param's name (what a box's `values` and a stack's `accepts` are keyed by).
  name: string;
  // Values accepted per cell id (CUSTOM); a cell without any accepts every value.
  valuesByCell: ReadonlyMap<number, readonly string[]>;
}

export interface YardModelInput {
  grid: Grid;
  // Cell ids by `areaId:rowIndex:columnIndex`.
  cellIds: ReadonlyMap<string, number>;
  boxes: readonly StandingBox[];
  // The container-size param (CONTAINER_SIZE): its name and the size names of each size class.
  sizeParam: { name: string; sizeNames: { 20: readonly string[]; 40: readonly string[] } } | null;
  customParams: readonly SlotGroupRule[];
  // Where machines come from, for travel (the IN gates); none: no positions are given.
  origin: GeoPoint | null;
  // What each stack's place and slot-group rules came to (by stack key and size), kept by the caller
  // for as long as the grid, the rules and the origin stay the same: they do not depend on the boxes,
  // and working them out for every stack of the yard is most of a model's cost.
  frames?: Map<string, StackFrame>;
}

export interface StackFrame {
  place: { x?: number; y?: number };
  accepts: Record<string, readonly string[]>;
  // The stack of the last model built with this frame, reused while its boxes stay the same.
  last?: { closed: boolean; stack: EngineStack };
}

export interface YardModel {
  stacks: EngineStack[];
  // The slot of a tier of a stack (the first column of a pair).
  positionOf(stackKey: string, tier: number): Position | null;
  // The stack a box stands in (by its id), and its tier.
  standingOf(boxId: string): { stackKey: string; tier: number } | null;
}

export const cellKey = (position: { areaId: number; rowIndex: number; columnIndex: number }) =>
  `${position.areaId}:${position.rowIndex}:${position.columnIndex}`;

function cornersOf(area: GridArea): GeoPoint[] | null {
  const { lat1, long1, lat2, long2, lat3, long3, lat4, long4 } = area.area;
  if ([lat1, long1, lat2, long2, lat3, long3, lat4, long4].some((value) => value === null)) return null;
  return [
    { latitude: lat1!, longitude: long1! },
    { latitude: lat2!, longitude: long2! },
    { latitude: lat3!, longitude: long3! },
    { latitude: lat4!, longitude: long4! },
  ];
}

// A column of a row as the model walks it, worked out once per layout (a grid is one object per
// layout version): its cell keys and, for the first column of a merged pair, the pair's.
interface SkeletonColumn {
  area: GridArea;
  rowIndex: number;
  columnIndex: number;
  // The first column of its merged pair, or null (a 20 ft column alone).
  start: number | null;
  cell: string;
  nextCell: string;
}
interface Skeleton {
  columns: SkeletonColumn[];
  // Where each stack stands (by stack key: its first column).
  places: Map<string, { areaId: number; rowIndex: number; columnIndex: number }>;
  // The stack each column is part of, by cell key: the cell of its first column.
  stackCells: Map<string, string>;
}
const skeletons = new WeakMap<Grid, Skeleton>();
const stackKeyOf = (area: GridArea, rowIndex: number, columnIndex: number) =>
  `${area.area.name}:${rowIndex}:${columnIndex}`;

function skeletonOf(grid: Grid): Skeleton {
  let skeleton = skeletons.get(grid);
  if (skeleton) return skeleton;
  skeleton = { columns: [], places: new Map(), stackCells: new Map() };
  for (const area of grid.areasById.values()) {
    const columns = [...area.columnsByIndex.values()].sort((a, b) => a.index - b.index);
    const starts = new Map(columns.map((column) => [column.index, pairStart(columns, column.index)]));
    for (const rowIndex of [...area.rowsByIndex.keys()].sort((a, b) => a - b))
      for (const column of columns) {
        const position = { areaId: area.area.id, rowIndex, columnIndex: column.index };
        const start = starts.get(column.index) ?? null;
        skeleton.columns.push({
          area,
          rowIndex,
          columnIndex: column.index,
          start,
          cell: cellKey(position),
          nextCell: cellKey({ ...position, columnIndex: column.index + 1 }),
        });
        skeleton.places.set(stackKeyOf(area, rowIndex, column.index), position);
        skeleton.stackCells.set(cellKey(position), cellKey({ ...position, columnIndex: start ?? column.index }));
      }
  }
  skeletons.set(grid, skeleton);
  return skeleton;
}

// The stack a slot is in, by the cell of the stack's first column: its column alone, or the merged
// pair it is part of (a 40 ft stack, or the two closed 20 ft stacks of a pair holding 20 ft boxes).
export function stackCellOf(grid: Grid, place: { areaId: number; rowIndex: number; columnIndex: number }): string {
  const cell = cellKey(place);
  return skeletonOf(grid).stackCells.get(cell) ?? cell;
}

export function buildYardModel(input: YardModelInput): YardModel {
  const { grid } = input;
  const skeleton = skeletonOf(grid);
  const frames = input.frames ?? new Map<string, StackFrame>();
  // The boxes of each column, by tier; a 40 ft box is in both columns of its pair.
  const byColumn = new Map<string, Map<number, StandingBox>>();
  for (const standing of input.boxes) {
    const span = sizeClass(standing.lengthFeet) === 40 ? 2 : 1;
    for (let offset = 0; offset < span; offset += 1) {
      const key = cellKey({ ...standing.position, columnIndex: standing.position.columnIndex + offset });
      let column = byColumn.get(key);
      if (!column) byColumn.set(key, (column = new Map<number, StandingBox>()));
      column.set(standing.position.tier, standing);
    }
  }
  const stacks: EngineStack[] = [];

  const accepts = (cells: number[], size: 20 | 40) => {
    const rules: Record<string, readonly string[]> = {};
    if (input.sizeParam) rules[input.sizeParam.name] = input.sizeParam.sizeNames[size];
    for (const param of input.customParams) {
      const values = new Set(cells.flatMap((cell) => param.valuesByCell.get(cell) ?? []));
      if (values.size) rules[param.name] = [...values];
    }
    return rules;
  };
  const cornersByArea = new Map<GridArea, GeoPoint[] | null>();
  const place = (area: GridArea, rowIndex: number, columnIndex: number, span: 1 | 2) => {
    if (!input.origin) return {};
    let corners = cornersByArea.get(area);
    if (corners === undefined) cornersByArea.set(area, (corners = cornersOf(area)));
    if (!corners) return {};
    const extent = {
      rows: Math.max(0, ...area.rowsByIndex.keys()),
      columns: Math.max(0, ...area.columnsByIndex.keys()),
    };
    const point = slotGeoPosition(corners, extent, { row: rowIndex, column: columnIndex, span });
    const metresPerDegreeLongitude = METRES_PER_DEGREE * Math.cos((input.origin.latitude * Math.PI) / 180);
    return {
      x: (point.longitude - input.origin.longitude) * metresPerDegreeLongitude,
      y: (point.latitude - input.origin.latitude) * METRES_PER_DEGREE,
    };
  };
  const frameOf = (key: string, area: GridArea, rowIndex: number, columnIndex: number, size: 20 | 40) => {
    const frameKey = `${key}/${size}`;
    let frame = frames.get(frameKey);
    if (!frame) {
      const cells = (size === 40 ? [columnIndex, columnIndex + 1] : [columnIndex])
        .map((column) => input.cellIds.get(cellKey({ areaId: area.area.id, rowIndex, columnIndex: column })))
        .filter((id): id is number => id !== undefined);
      frame = { place: place(area, rowIndex, columnIndex, size === 40 ? 2 : 1), accepts: accepts(cells, size) };
      frames.set(frameKey, frame);
    }
    return frame;
  };
  const addStack = (
    area: GridArea,
    rowIndex: number,
    columnIndex: number,
    size: 20 | 40,
    standing: StandingBox[],
    closed: boolean,
  ) => {
    const key = stackKeyOf(area, rowIndex, columnIndex);
    const frame = frameOf(key, area, rowIndex, columnIndex, size);
    // The stack of the last model, when its boxes are the same (most stacks between two suggestions).
    const last = frame.last;
    if (
      last &&
      last.closed === closed &&
      last.stack.boxes.length === standing.length &&
      standing.every((entry, index) => last.stack.boxes[index] === entry.box)
    ) {
      stacks.push(last.stack);
      return;
    }
    const stack: EngineStack = {
      key,
      area: area.area.name,
      row: rowIndex,
      column: columnIndex,
      size,
      maxHeight: area.area.maxHeight,
      boxes: standing.map((entry) => entry.box),
      ...frame.place,
      accepts: frame.accepts,
      ...(closed ? { closed } : {}),
    };
    frame.last = { closed, stack };
    stacks.push(stack);
  };
  // The boxes of a column bottom first, each box once.
  const boxesAt = (cell: string) => {
    const column = byColumn.get(cell);
    return column ? [...column.entries()].sort((a, b) => a[0] - b[0]).map(([, entry]) => entry) : [];
  };
  for (const { area, rowIndex, columnIndex, start, cell, nextCell } of skeleton.columns) {
    if (start === columnIndex) {
      const first = boxesAt(cell);
      const second = boxesAt(nextCell);
      const mixed = [...first, ...second].some((entry) => sizeClass(entry.lengthFeet) === 20);
      if (!mixed) addStack(area, rowIndex, columnIndex, 40, first, false);
      else {
        // 20 ft boxes stand in a merged pair: two 20 ft stacks the engine plans nothing into (a
        // 40 ft box over them belongs to the first).
        addStack(area, rowIndex, columnIndex, 20, first, true);
        addStack(
          area,
          rowIndex,
          columnIndex + 1,
          20,
          second.filter((entry) => sizeClass(entry.lengthFeet) === 20),
          true,
        );
      }
    } else if (start === null) addStack(area, rowIndex, columnIndex, 20, boxesAt(cell), false);
  }
  let standingOf: Map<string, { stackKey: string; tier: number }> | null = null;
  return {
    stacks,
    positionOf(stackKey, tier) {
      const place = skeleton.places.get(stackKey);
      return place ? { ...place, tier } : null;
    },
    // Asked by the dig-out only: worked out on the first question.
    standingOf(boxId) {
      if (!standingOf) {
        standingOf = new Map();
        for (const stack of stacks)
          stack.boxes.forEach((box, index) => standingOf!.set(box.id, { stackKey: stack.key, tier: index + 1 }));
      }
      return standingOf.get(boxId) ?? null;
    },
  };
}
