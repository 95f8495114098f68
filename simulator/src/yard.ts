import { DEMO_AREAS, demoCorners } from '@openyard/server/db/seed/demo-yard';
import { createClient, createFetchTransport, routes } from '@openyard/contracts';
import type { Random } from './pacing';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface YardArea {
  name: string;
  maxHeight: number;
  // Clockwise from row 1 / column 1, as the layout gives them.
  corners: [GeoPoint, GeoPoint, GeoPoint, GeoPoint];
}

export interface YardMap {
  source: 'api' | 'fixed';
  areas: YardArea[];
  gate(gateId: number): GeoPoint;
}

// The server's default YARD_CENTER, where the demo yard lies when no API tells otherwise.
export const DEFAULT_CENTRE: GeoPoint = { latitude: 18.949, longitude: 72.951 };

const METRES_PER_DEGREE = 111_320;

interface Logger {
  warn(message: string): void;
}

// Area corners from GET /rest/yard/layout (public); the demo yard's shape when that fails.
export async function loadYardMap(apiUrl: string | undefined, gateIds: number[], logger: Logger): Promise<YardMap> {
  if (apiUrl) {
    const baseUrl = apiUrl.replace(/\/+$/, '');
    const url = `${baseUrl}${routes.yard.layout.path}`;
    try {
      const api = createClient(
        routes,
        createFetchTransport({
          baseUrl,
          fetch: (target, init) => fetch(target, { ...init, signal: AbortSignal.timeout(5000) }),
        }),
      );
      const areas = areasFromLayout(await api.yard.layout());
      if (areas.length > 0) return yardMap('api', areas, gateIds);
      logger.warn(`${url}: no area has corners; machines move over the demo yard's shape instead`);
    } catch (error) {
      logger.warn(
        `${url}: ${error instanceof Error ? error.message : String(error)}; machines move over the demo yard's shape instead`,
      );
    }
  }
  return fixedYardMap(gateIds);
}

export function fixedYardMap(gateIds: number[], centre: GeoPoint = DEFAULT_CENTRE): YardMap {
  const areas = DEMO_AREAS.map((area, index): YardArea => {
    const c = demoCorners(index, centre);
    return {
      name: area.name,
      maxHeight: area.maxHeight,
      corners: [
        { latitude: c.lat1, longitude: c.long1 },
        { latitude: c.lat2, longitude: c.long2 },
        { latitude: c.lat3, longitude: c.long3 },
        { latitude: c.lat4, longitude: c.long4 },
      ],
    };
  });
  return yardMap('fixed', areas, gateIds);
}

// Only what the simulator needs of the layout, read defensively: an older server may differ.
function areasFromLayout(layout: unknown): YardArea[] {
  const areaLayouts = (layout as { areaLayouts?: unknown } | null)?.areaLayouts;
  if (!Array.isArray(areaLayouts)) return [];
  const areas: YardArea[] = [];
  for (const entry of areaLayouts as { name?: unknown; maxHeight?: unknown; corners?: unknown }[]) {
    const corners = entry.corners;
    if (!Array.isArray(corners) || corners.length !== 4) continue;
    const points = (corners as { latitude?: unknown; longitude?: unknown }[]).map((corner) =>
      typeof corner.latitude === 'number' && typeof corner.longitude === 'number'
        ? { latitude: corner.latitude, longitude: corner.longitude }
        : null,
    );
    if (points.some((point) => point === null)) continue;
    areas.push({
      name: typeof entry.name === 'string' ? entry.name : `#${areas.length + 1}`,
      maxHeight: typeof entry.maxHeight === 'number' && entry.maxHeight > 0 ? Math.min(entry.maxHeight, 12) : 4,
      corners: points as YardArea['corners'],
    });
  }
  return areas;
}

// The gates are not public, so they stand in a row 40 m beyond the southern edge of the yard.
function yardMap(source: YardMap['source'], areas: YardArea[], gateIds: number[]): YardMap {
  const corners = areas.flatMap((area) => area.corners);
  const south = Math.min(...corners.map((corner) => corner.latitude));
  const west = Math.min(...corners.map((corner) => corner.longitude));
  const east = Math.max(...corners.map((corner) => corner.longitude));
  const ordered = [...new Set(gateIds)].sort((a, b) => a - b);
  return {
    source,
    areas,
    gate(gateId) {
      const index = Math.max(0, ordered.indexOf(gateId));
      return {
        latitude: south - 40 / METRES_PER_DEGREE,
        longitude: west + ((east - west) * (index + 1)) / (ordered.length + 1),
      };
    },
  };
}

// A uniformly spread point inside the (convex) area, by bilinear interpolation of its corners.
export function randomPointIn(area: YardArea, random: Random): GeoPoint {
  const [a, b, c, d] = area.corners;
  const u = 0.05 + random() * 0.9;
  const v = 0.05 + random() * 0.9;
  const lerp = (p: GeoPoint, q: GeoPoint, t: number): GeoPoint => ({
    latitude: p.latitude + (q.latitude - p.latitude) * t,
    longitude: p.longitude + (q.longitude - p.longitude) * t,
  });
  return lerp(lerp(a, b, u), lerp(d, c, u), v);
}

// Local flat-earth metres: exact enough over a yard a few hundred metres across.
function offsetMetres(from: GeoPoint, to: GeoPoint): { east: number; north: number } {
  const metresPerDegreeLongitude = METRES_PER_DEGREE * Math.cos((from.latitude * Math.PI) / 180);
  return {
    east: (to.longitude - from.longitude) * metresPerDegreeLongitude,
    north: (to.latitude - from.latitude) * METRES_PER_DEGREE,
  };
}

export function distanceMetres(from: GeoPoint, to: GeoPoint): number {
  const { east, north } = offsetMetres(from, to);
  return Math.hypot(east, north);
}

// Compass heading in degrees, 0 = north, clockwise, in [0, 360).
export function headingDegrees(from: GeoPoint, to: GeoPoint): number {
  const { east, north } = offsetMetres(from, to);
  const degrees = (Math.atan2(east, north) * 180) / Math.PI;
  return (degrees + 360) % 360;
}

// Moves up to `metres` towards `to`; returns the new point and whether it arrived.
export function moveTowards(from: GeoPoint, to: GeoPoint, metres: number): { point: GeoPoint; arrived: boolean } {
  const distance = distanceMetres(from, to);
  if (distance <= metres || distance === 0) return { point: to, arrived: true };
  const fraction = metres / distance;
  return {
    point: {
      latitude: from.latitude + (to.latitude - from.latitude) * fraction,
      longitude: from.longitude + (to.longitude - from.longitude) * fraction,
    },
    arrived: false,
  };
}

export const roundCoordinate = (value: number) => Math.round(value * 1e7) / 1e7;
