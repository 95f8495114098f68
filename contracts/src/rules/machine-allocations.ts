import { messages } from '../messages';
import type { FieldProblem } from './trailers';
import { formatMinuteOfDay, isYardDay, yardDayOf, yardMinuteOfDay, type YardDay } from './yard-time';

// The Gantt's magnet: bars snap to 5 minutes (spec 2 §9 "Gantt: scale day, magnet 5 minutes,
// starting from midnight").
export const ALLOCATION_MAGNET_MS = 5 * 60_000;

export interface AllocationPeriod {
  fromTime: number;
  toTime: number;
}

// Periods are half-open: one allocation may end when the next begins (08:00–12:00, 12:00–16:00),
// as the database's exclusion constraint reads them (tstzrange '[)').
export function periodsOverlap(a: AllocationPeriod, b: AllocationPeriod): boolean {
  return a.fromTime < b.toTime && b.fromTime < a.toTime;
}

// The pairs of allocations that put one machine in two places at once (give an edited allocation
// once, as it is now).
export function overlappingAllocations<T extends AllocationPeriod & { machineId: number }>(
  allocations: readonly T[],
): [T, T][] {
  const byMachine = new Map<number, T[]>();
  for (const allocation of allocations) {
    const list = byMachine.get(allocation.machineId) ?? [];
    list.push(allocation);
    byMachine.set(allocation.machineId, list);
  }
  const pairs: [T, T][] = [];
  for (const list of byMachine.values()) {
    const sorted = [...list].sort((a, b) => a.fromTime - b.fromTime);
    for (let i = 0; i < sorted.length; i += 1) {
      for (let j = i + 1; j < sorted.length && sorted[j]!.fromTime < sorted[i]!.toTime; j += 1) {
        pairs.push([sorted[i]!, sorted[j]!]);
      }
    }
  }
  return pairs;
}

// An allocation's time as the yard's clock shows it (hh:mm); an end at the next midnight is 24:00.
export function allocationTimeText(epochMs: number, timeZone?: string, end = false): string {
  const minute = yardMinuteOfDay(epochMs, timeZone);
  return formatMinuteOfDay(end && minute === 0 ? 24 * 60 : minute);
}

// What an allocation may not be (spec 2 §5 "needs machine, area, from time and to time"): its
// to after its from, both within the day it is on (00:00 to the next midnight in yard time).
export function allocationProblem(
  input: { machineId?: number | null; areaId?: number | null; fromTime?: number | null; toTime?: number | null },
  day: { dayStart: number; dayEnd: number },
): FieldProblem | null {
  if (!input.machineId) return { field: 'machineId', message: messages.allocationRequired };
  if (!input.areaId) return { field: 'areaId', message: messages.allocationRequired };
  if (input.fromTime === null || input.fromTime === undefined)
    return { field: 'fromTime', message: messages.allocationRequired };
  if (input.toTime === null || input.toTime === undefined)
    return { field: 'toTime', message: messages.allocationRequired };
  if (input.toTime <= input.fromTime) return { field: 'toTime', message: messages.allocationEndBeforeStart };
  if (input.fromTime < day.dayStart || input.toTime > day.dayEnd)
    return { field: 'fromTime', message: messages.allocationOutsideDay };
  return null;
}

// The yard day of the path's {day}: a YYYY-MM-DD, or a timestamp of an instant of the day (the
// spec's "day timestamp"); null for neither.
export function allocationDayOf(day: string, timeZone?: string): YardDay | null {
  if (isYardDay(day)) return day;
  if (!/^-?\d{1,15}$/.test(day)) return null;
  return yardDayOf(Number(day), timeZone);
}

// The row colours of the allocation list (spec 2 §4): now inside the allocation with the machine
// in its area is light grey, in another place pink; an allocation not running now is dark grey.
export type AllocationRowColour = 'current' | 'misplaced' | 'notNow';
export function allocationRowColour(
  allocation: AllocationPeriod & { areaId: number },
  now: number,
  machineAreaId: number | null,
): AllocationRowColour {
  if (now < allocation.fromTime || now >= allocation.toTime) return 'notNow';
  return machineAreaId === allocation.areaId ? 'current' : 'misplaced';
}

interface GeoPoint {
  latitude: number;
  longitude: number;
}

// Whether a point is inside a polygon (corners in order), by the crossings of a ray. Yard areas are
// a few hundred metres across: latitude and longitude serve as plane coordinates there.
export function insidePolygon(point: GeoPoint, corners: readonly GeoPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i, i += 1) {
    const a = corners[i]!;
    const b = corners[j]!;
    if (
      a.latitude > point.latitude !== b.latitude > point.latitude &&
      point.longitude <
        ((b.longitude - a.longitude) * (point.latitude - a.latitude)) / (b.latitude - a.latitude) + a.longitude
    )
      inside = !inside;
  }
  return inside;
}

// The area a machine is in (its location, spec 2 §4): the area whose four corners hold its last
// position, else the area its zone names; null when neither says.
export function machineAreaOf(
  machine: { position: GeoPoint | null; zone: string | null },
  areas: readonly { areaId: number; name: string; corners: readonly GeoPoint[] | null }[],
): number | null {
  const { position, zone } = machine;
  if (position) {
    const found = areas.find((area) => area.corners && insidePolygon(position, area.corners));
    if (found) return found.areaId;
  }
  const named = zone?.trim().toLowerCase();
  if (!named) return null;
  return areas.find((area) => area.name.toLowerCase() === named)?.areaId ?? null;
}
