import { YARD_LOCATION_MAX_POINTS, type YardCoordinate } from '@openyard/contracts';

// The polygon editor's edits, pure: a click adds a corner after the last (no more than the 8 of
// spec 3 §9), a drag moves one, the list's button deletes one.
export function withPointAdded(points: readonly YardCoordinate[], point: YardCoordinate): YardCoordinate[] {
  return points.length >= YARD_LOCATION_MAX_POINTS ? [...points] : [...points, point];
}

export function withPointMoved(
  points: readonly YardCoordinate[],
  index: number,
  point: YardCoordinate,
): YardCoordinate[] {
  return points.map((current, at) => (at === index ? point : current));
}

export function withPointRemoved(points: readonly YardCoordinate[], index: number): YardCoordinate[] {
  return points.filter((_, at) => at !== index);
}

// deck.gl's [longitude, latitude] as a yard coordinate, to the 7th decimal (about a centimetre).
export function coordinateOf([longitude, latitude]: readonly [number, number]): YardCoordinate {
  const round = (value: number) => Math.round(value * 1e7) / 1e7;
  return { latitude: round(latitude), longitude: round(longitude) };
}
