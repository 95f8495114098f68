// When boxes leave, as the engine believes it (issue 19: "places each box to minimise expected
// rehandles from its expected departure"). A box's remaining time in the yard is taken as
// log-normal: ln(departure − now) ~ N(mu, spread²). Two such beliefs give in closed form the
// chance that one box leaves before the other, which is what a stack's order is judged by.
import type { EngineBox } from './types';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

// The normal distribution function (Abramowitz and Stegun 7.1.26 for erf; error below 1.5e-7, far
// below what a departure estimate knows).
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

// Its inverse (Acklam's rational approximation, relative error below 1.2e-9).
export function normalQuantile(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    );
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

// A box's remaining time as the engine believes it at `now`: ln(remaining ms) ~ N(mu, spread²).
export interface Departure {
  mu: number;
  spread: number;
}

// A box whose estimate has passed and whose arrival is unknown is taken to leave within about this.
const OVERDUE_MS = HOUR_MS;
const QUARTILE = 0.6744897501960817;

// With the arrival known, the estimate is a belief about the dwell: ln(dwell) ~ N(ln(departureAt −
// arrivedAt), sigma²); the box is still here, so the belief is conditioned on the dwell exceeding the
// time it has already spent, and the remaining time is fitted by its quartiles. A box past its
// estimate is thereby expected to leave soon, but not all at once, and not before a box that has
// just arrived with a short estimate. Without the arrival, ln(departureAt − now) is the centre.
export function departureOf(box: EngineBox, now: number): Departure {
  const arrivedAt = box.arrivedAt;
  const sigma = Math.max(0, box.sigma);
  if (arrivedAt === undefined || arrivedAt >= now || sigma === 0 || box.departureAt <= arrivedAt)
    return { mu: Math.log(Math.max(box.departureAt - now, OVERDUE_MS)), spread: sigma };
  const centre = Math.log(box.departureAt - arrivedAt);
  const elapsed = now - arrivedAt;
  const spent = normalCdf((Math.log(elapsed) - centre) / sigma);
  const survival = 1 - spent;
  const remainingAt = (fraction: number) => {
    const p = Math.min(spent + fraction * survival, 1 - 1e-12);
    const dwell = Math.exp(centre + sigma * normalQuantile(p));
    return Math.log(Math.max(dwell - elapsed, OVERDUE_MS / 60));
  };
  const lower = remainingAt(0.25);
  const upper = remainingAt(0.75);
  return { mu: remainingAt(0.5), spread: Math.max((upper - lower) / (2 * QUARTILE), 0.05) };
}

// The chance that a box believed `first` leaves before one believed `second`.
export function leavesBefore(first: Departure, second: Departure): number {
  const spread = Math.sqrt(first.spread * first.spread + second.spread * second.spread);
  if (spread === 0) return first.mu < second.mu ? 1 : first.mu > second.mu ? 0 : 0.5;
  return normalCdf((second.mu - first.mu) / spread);
}

// The median remaining time in ms (for the words of a reason and for ordering).
export const medianRemainingMs = (departure: Departure) => Math.exp(departure.mu);
