import type { GeoPoint } from './slots';

// Machines and ITVs on the yard map (spec 2 §2 Machines and ITV screens, §9; spec 3 §3, §9).

// Machine labels A through Z without Y (spec 2 §9), on the map and in the list alike. Past the
// 25th machine the labels go on as spreadsheet columns do over the same letters (AA, AB, ..., ZZ,
// AAA), so that every machine of a large yard still has a label of its own.
export const MACHINE_LABEL_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXZ';

export function machineLabel(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`no machine label for index ${index}`);
  const base = MACHINE_LABEL_LETTERS.length;
  let label = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / base)) {
    label = MACHINE_LABEL_LETTERS[(rest - 1) % base]! + label;
  }
  return label;
}

// Each machine's label by its id: in the order the machines were added (ascending id), so that a
// machine keeps its letter when another is renamed or added after it.
export function machineLabels(ids: readonly number[]): Map<number, string> {
  return new Map([...ids].sort((a, b) => a - b).map((id, index) => [id, machineLabel(index)]));
}

// The mean Earth radius of the great-circle distance (spec 3 §5: 6,371 km).
export const EARTH_RADIUS_M = 6_371_000;

// The great-circle (haversine) distance between two points, in metres.
export function greatCircleMetres(a: GeoPoint, b: GeoPoint): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLatitude = radians(b.latitude - a.latitude);
  const dLongitude = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLongitude / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

// How far from the yard's centre (YARD_CENTER) a device's position may be. A container terminal
// is a few kilometres across at most; a position farther than this is a receiver without a fix or
// a corrupted message, never a machine at work, and drawing it would put the marker in the sea.
export const MAX_DEVICE_DISTANCE_FROM_YARD_M = 25_000;

// Why a position a machine or ITV reports cannot be true, or null when it can. The contract's
// schema already refuses a latitude or longitude out of range and any value JSON cannot carry as a
// finite number (NaN, Infinity, 1e999); this adds what depends on where the yard is.
export function devicePositionRefusal(position: GeoPoint, yardCenter: GeoPoint): string | null {
  const { latitude, longitude } = position;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return 'Position refused: not a finite coordinate';
  // 0,0 (in the Gulf of Guinea) is what a GNSS receiver without a fix reports.
  if (latitude === 0 && longitude === 0) return 'Position refused: 0,0 is what a receiver without a fix reports';
  const distance = greatCircleMetres(position, yardCenter);
  if (distance <= MAX_DEVICE_DISTANCE_FROM_YARD_M) return null;
  const kilometres = Math.round(distance / 1000).toLocaleString('en-US');
  return `Position refused: ${latitude},${longitude} is ${kilometres} km from the yard (more than ${MAX_DEVICE_DISTANCE_FROM_YARD_M / 1000} km)`;
}
