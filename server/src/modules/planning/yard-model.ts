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

export function buildYardModel(input: YardModelInput): YardModel {
  const { grid } = input;
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
  const places = new Map<string, { areaId: number; rowIndex: number; columnIndex: number }>();
  const standingOf = new Map<string, { stackKey: string; tier: number }>();

  const accepts = (cells: number[], size: 20 | 40) => {
    const rules: Record<string, readonly string[]> = {};
    if (input.sizeParam) rules[input.sizeParam.name] = input.sizeParam.sizeNames[size];
    for (const param of input.customParams) {
      const values = new Set(cells.flatMap((cell) => param.valuesByCell.get(cell) ?? []));
      if (values.size) rules[param.name] = [...values];
    }
    return rules;
  };

  for (const area of grid.areasById.values()) {
    const columns = [...area.columnsByIndex.values()].sort((a, b) => a.index - b.index);
    const corners = input.origin ? cornersOf(area) : null;
    const extent = {
      rows: Math.max(0, ...area.rowsByIndex.keys()),
      columns: Math.max(0, ...area.columnsByIndex.keys()),
    };
    const place = (rowIndex: number, columnIndex: number, span: 1 | 2) => {
      if (!corners || !input.origin) return {};
      const point = slotGeoPosition(corners, extent, { row: rowIndex, column: columnIndex, span });
      const metresPerDegreeLongitude = METRES_PER_DEGREE * Math.cos((input.origin.latitude * Math.PI) / 180);
      return {
        x: (point.longitude - input.origin.longitude) * metresPerDegreeLongitude,
        y: (point.latitude - input.origin.latitude) * METRES_PER_DEGREE,
      };
    };
    const addStack = (
      rowIndex: number,
      columnIndex: number,
      size: 20 | 40,
      standing: StandingBox[],
      closed: boolean,
    ) => {
      const position = { areaId: area.area.id, rowIndex, columnIndex };
      const key = `${area.area.name}:${rowIndex}:${columnIndex}`;
      const cells = (size === 40 ? [columnIndex, columnIndex + 1] : [columnIndex])
        .map((column) => input.cellIds.get(cellKey({ ...position, columnIndex: column })))
        .filter((id): id is number => id !== undefined);
      const boxes = standing.map((entry) => entry.box);
      standing.forEach((entry, index) => standingOf.set(entry.box.id, { stackKey: key, tier: index + 1 }));
      places.set(key, position);
      stacks.push({
        key,
        area: area.area.name,
        row: rowIndex,
        column: columnIndex,
        size,
        maxHeight: area.area.maxHeight,
        boxes,
        ...place(rowIndex, columnIndex, size === 40 ? 2 : 1),
        accepts: accepts(cells, size),
        ...(closed ? { closed } : {}),
      });
    };
    // The boxes of a column bottom first, each box once.
    const boxesOf = (rowIndex: number, columnIndex: number) => {
      const column = byColumn.get(cellKey({ areaId: area.area.id, rowIndex, columnIndex }));
      return column ? [...column.entries()].sort((a, b) => a[0] - b[0]).map(([, entry]) => entry) : [];
    };
    for (const rowIndex of [...area.rowsByIndex.keys()].sort((a, b) => a - b)) {
      for (const column of columns) {
        const start = pairStart(columns, column.index);
        if (start === column.index) {
          const first = boxesOf(rowIndex, column.index);
          const second = boxesOf(rowIndex, column.index + 1);
          const mixed = [...first, ...second].some((entry) => sizeClass(entry.lengthFeet) === 20);
          if (!mixed) addStack(rowIndex, column.index, 40, first, false);
          else {
            // 20 ft boxes stand in a merged pair: two 20 ft stacks the engine plans nothing into (a
            // 40 ft box over them belongs to the first).
            addStack(rowIndex, column.index, 20, first, true);
            addStack(
              rowIndex,
              column.index + 1,
              20,
              second.filter((entry) => sizeClass(entry.lengthFeet) === 20),
              true,
            );
          }
        } else if (start === null) addStack(rowIndex, column.index, 20, boxesOf(rowIndex, column.index), false);
      }
    }
  }
  return {
    stacks,
    positionOf(stackKey, tier) {
      const place = places.get(stackKey);
      return place ? { ...place, tier } : null;
    },
    standingOf: (boxId) => standingOf.get(boxId) ?? null,
  };
}
