import { messages } from '../messages';
import {
  YARD_LOCATION_MAX_POINTS,
  YARD_LOCATION_MIN_POINTS,
  YARD_LOCATION_TYPES,
  type YardCoordinate,
  type YardLocation,
  type YardLocationType,
} from '../yard-locations';

// Yard location polygons (spec 3 §3, §4 "valid with 4 or more points", §5 "Yard location save",
// §9 "up to 8 points"): the editor checks a drawing with these as it is drawn, the server again
// before saving; machine positions and task drops are placed with the same point-in-polygon.
// Coordinates are degrees; a yard is small enough for the plane of longitude and latitude to
// stand for the ground (no yard straddles the antimeridian or a pole).

// Closer than this (degrees, about a centimetre) counts as on the edge.
const ON_EDGE_DEGREES = 1e-7;

const isCoordinate = (point: { latitude?: number | undefined; longitude?: number | undefined }): boolean =>
  typeof point.latitude === 'number' &&
  typeof point.longitude === 'number' &&
  Number.isFinite(point.latitude) &&
  Number.isFinite(point.longitude) &&
  Math.abs(point.latitude) <= 90 &&
  Math.abs(point.longitude) <= 180;

// The distance of p from the segment a–b, in the plane of (longitude, latitude).
function distanceToSegment(p: YardCoordinate, a: YardCoordinate, b: YardCoordinate): number {
  const dx = b.longitude - a.longitude;
  const dy = b.latitude - a.latitude;
  const length2 = dx * dx + dy * dy;
  const t =
    length2 === 0
      ? 0
      : Math.max(0, Math.min(1, ((p.longitude - a.longitude) * dx + (p.latitude - a.latitude) * dy) / length2));
  return Math.hypot(p.longitude - (a.longitude + t * dx), p.latitude - (a.latitude + t * dy));
}

// Whether the point is inside the polygon or on its boundary (even-odd rule, so a concave yard
// corner is outside where it should be). The polygon is its points in order, not closed.
export function pointInPolygon(point: YardCoordinate, polygon: readonly YardCoordinate[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (distanceToSegment(point, a, b) <= ON_EDGE_DEGREES) return true;
    if (
      a.latitude > point.latitude !== b.latitude > point.latitude &&
      point.longitude <
        ((b.longitude - a.longitude) * (point.latitude - a.latitude)) / (b.latitude - a.latitude) + a.longitude
    )
      inside = !inside;
  }
  return inside;
}

const cross = (o: YardCoordinate, a: YardCoordinate, b: YardCoordinate) =>
  (a.longitude - o.longitude) * (b.latitude - o.latitude) - (a.latitude - o.latitude) * (b.longitude - o.longitude);

// Whether the closed segments p1–p2 and q1–q2 meet (crossing, touching or overlapping).
function segmentsMeet(p1: YardCoordinate, p2: YardCoordinate, q1: YardCoordinate, q2: YardCoordinate): boolean {
  const d1 = cross(q1, q2, p1);
  const d2 = cross(q1, q2, p2);
  const d3 = cross(p1, p2, q1);
  const d4 = cross(p1, p2, q2);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    distanceToSegment(p1, q1, q2) <= ON_EDGE_DEGREES ||
    distanceToSegment(p2, q1, q2) <= ON_EDGE_DEGREES ||
    distanceToSegment(q1, p1, p2) <= ON_EDGE_DEGREES ||
    distanceToSegment(q2, p1, p2) <= ON_EDGE_DEGREES
  );
}

// Whether the polygon's edges cross or touch anywhere but at the corner two neighbours share, or
// an edge doubles back along its neighbour, or two corners are one point.
export function polygonSelfIntersects(polygon: readonly YardCoordinate[]): boolean {
  const n = polygon.length;
  const edge = (i: number): [YardCoordinate, YardCoordinate] => [polygon[i]!, polygon[(i + 1) % n]!];
  for (let i = 0; i < n; i += 1) {
    const [a, b] = edge(i);
    if (distanceToSegment(a, b, b) <= ON_EDGE_DEGREES) return true;
    for (let j = i + 1; j < n; j += 1) {
      const [c, d] = edge(j);
      if (j === i + 1) {
        // Neighbours share b (= c): they may not run back over each other.
        if (distanceToSegment(d, a, b) <= ON_EDGE_DEGREES || distanceToSegment(a, c, d) <= ON_EDGE_DEGREES) return true;
      } else if (i === 0 && j === n - 1) {
        // The closing edge shares a (= d).
        if (distanceToSegment(c, a, b) <= ON_EDGE_DEGREES || distanceToSegment(b, c, d) <= ON_EDGE_DEGREES) return true;
      } else if (segmentsMeet(a, b, c, d)) return true;
    }
  }
  return false;
}

// The polygon's area in square degrees (shoelace), for choosing the smaller of two that overlap.
export function polygonArea(polygon: readonly YardCoordinate[]): number {
  let twice = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1)
    twice += polygon[j]!.longitude * polygon[i]!.latitude - polygon[i]!.longitude * polygon[j]!.latitude;
  return Math.abs(twice) / 2;
}

export interface YardLocationDraft {
  name?: string | null;
  type?: string | null;
  coordinates: readonly { latitude?: number | undefined; longitude?: number | undefined }[];
}

export interface YardLocationProblem {
  message: string;
  field: 'name' | 'type' | 'coordinates';
}

export const isYardLocationType = (type: string | null | undefined): type is YardLocationType =>
  (YARD_LOCATION_TYPES as readonly string[]).includes(type ?? '');

// Why a polygon may not be saved, or null: 4 to 8 points (spec 3 §4, §9), each a latitude and a
// longitude on the globe (spec 3 §5), edges that do not cross.
export function polygonProblem(coordinates: YardLocationDraft['coordinates']): string | null {
  const index = coordinates.findIndex((point) => !isCoordinate(point));
  if (index >= 0) return messages.yardLocationPointInvalid(index + 1);
  if (coordinates.length < YARD_LOCATION_MIN_POINTS) return messages.yardLocationTooFewPoints;
  if (coordinates.length > YARD_LOCATION_MAX_POINTS) return messages.yardLocationTooManyPoints;
  if (polygonSelfIntersects(coordinates as YardCoordinate[])) return messages.yardLocationSelfIntersecting;
  return null;
}

// Spec 3 §5 "Yard location save needs a name and at least 4 points, each with latitude and
// longitude; the location type is taken from the list".
export function yardLocationProblem(draft: YardLocationDraft): YardLocationProblem | null {
  if (!draft.name?.trim()) return { message: messages.yardLocationNameRequired, field: 'name' };
  if (!isYardLocationType(draft.type)) return { message: messages.yardLocationTypeInvalid, field: 'type' };
  const polygon = polygonProblem(draft.coordinates);
  return polygon ? { message: polygon, field: 'coordinates' } : null;
}

interface IndexedLocation {
  location: YardLocation;
  west: number;
  east: number;
  south: number;
  north: number;
  area: number;
}

// The yard's locations ready to be asked "which one is this point in?" many times a second (every
// telemetry batch): bounding boxes first, the polygon test only inside them. Where two locations
// of a type overlap, the smaller one (the more exact place) answers.
export class YardLocationIndex {
  private readonly byType = new Map<YardLocationType, IndexedLocation[]>();

  constructor(readonly locations: readonly YardLocation[]) {
    for (const location of locations) {
      const longitudes = location.coordinates.map((point) => point.longitude);
      const latitudes = location.coordinates.map((point) => point.latitude);
      const entry: IndexedLocation = {
        location,
        west: Math.min(...longitudes) - ON_EDGE_DEGREES,
        east: Math.max(...longitudes) + ON_EDGE_DEGREES,
        south: Math.min(...latitudes) - ON_EDGE_DEGREES,
        north: Math.max(...latitudes) + ON_EDGE_DEGREES,
        area: polygonArea(location.coordinates),
      };
      const list = this.byType.get(location.type) ?? [];
      list.push(entry);
      this.byType.set(location.type, list);
    }
    for (const list of this.byType.values()) list.sort((a, b) => a.area - b.area);
  }

  at(point: YardCoordinate, type: YardLocationType): YardLocation | null {
    for (const entry of this.byType.get(type) ?? []) {
      if (
        point.longitude < entry.west ||
        point.longitude > entry.east ||
        point.latitude < entry.south ||
        point.latitude > entry.north
      )
        continue;
      if (pointInPolygon(point, entry.location.coordinates)) return entry.location;
    }
    return null;
  }

  // The names of one type's locations, in name order (the task form's "to" places).
  names(type: YardLocationType): string[] {
    return (this.byType.get(type) ?? []).map((entry) => entry.location.name).sort((a, b) => a.localeCompare(b));
  }
}
