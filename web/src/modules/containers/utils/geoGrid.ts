import type { AreaLayout } from '@openyard/contracts';

type Point = [longitude: number, latitude: number];

// A point of a geo-referenced area at fractions (u along the columns, v along the rows), bilinear
// between its corners clockwise from row 1 / column 1, as slotGeoPosition places slot centres.
function at(corners: NonNullable<AreaLayout['corners']>, u: number, v: number): Point {
  const [c1, c2, c3, c4] = corners;
  const lerp = (a: { latitude: number; longitude: number }, b: typeof a, t: number) => ({
    latitude: a.latitude + (b.latitude - a.latitude) * t,
    longitude: a.longitude + (b.longitude - a.longitude) * t,
  });
  const top = lerp(c1!, c2!, u);
  const bottom = lerp(c4!, c3!, u);
  const point = lerp(top, bottom, v);
  return [point.longitude, point.latitude];
}

// The outline of the slots from (rowPosition, columnPosition), `span` columns wide, 0-based.
export function geoCellPolygon(
  area: AreaLayout,
  rowPosition: number,
  columnPosition: number,
  span: 1 | 2 = 1,
): Point[] | null {
  if (!area.corners) return null;
  const rows = Math.max(area.rowLayouts.length, 1);
  const columns = Math.max(area.cellNames.length, 1);
  const u0 = columnPosition / columns;
  const u1 = (columnPosition + span) / columns;
  const v0 = rowPosition / rows;
  const v1 = (rowPosition + 1) / rows;
  return [at(area.corners, u0, v0), at(area.corners, u1, v0), at(area.corners, u1, v1), at(area.corners, u0, v1)];
}

// Every slot of a geo-referenced area as a polygon, for the satellite tab's grid.
export function geoCells(area: AreaLayout): Point[][] {
  const cells: Point[][] = [];
  for (let row = 0; row < area.rowLayouts.length; row++)
    for (let column = 0; column < area.cellNames.length; column++) {
      const polygon = geoCellPolygon(area, row, column);
      if (polygon) cells.push(polygon);
    }
  return cells;
}
