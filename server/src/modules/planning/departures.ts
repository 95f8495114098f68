// Departure estimates for the planning engine (issue 19): when a box is expected to leave, and how
// sure that is, from the depot's own gate history. The dwell (gate-in to dispatch) of the containers
// dispatched lately is taken as log-normal: its median and the spread of its logarithm per liner,
// process and category, falling back to the liner's, then the whole depot's, then a default.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// A group needs this many dispatched containers before its own figures are believed.
export const DWELL_MIN_SAMPLES = 5;
// Without history: four days, with a wide spread (a factor of about two either way).
export const DEFAULT_DWELL = { medianMs: 4 * DAY_MS, sigma: 0.75 } as const;
// Few samples of one group can agree closely by chance: no estimate is surer than this.
const MIN_SIGMA = 0.3;

export interface DwellStatistic {
  linerId: number | null;
  processId: number | null;
  categoryId: number | null;
  // The grouping level of the row: 0 liner, process and category; 3 the liner alone; 7 all.
  level: number;
  samples: number;
  // Of ln(dwell in seconds).
  median: number;
  spread: number;
}

export interface DwellEstimate {
  medianMs: number;
  sigma: number;
}

export interface DepartureEstimate {
  departureAt: number;
  sigma: number;
}

const key = (linerId: number | null, processId: number | null, categoryId: number | null) =>
  `${linerId ?? '-'}|${processId ?? '-'}|${categoryId ?? '-'}`;

// The dwell a box of this liner, process and category is expected to have.
export function dwellEstimator(statistics: readonly DwellStatistic[]) {
  const exact = new Map<string, DwellEstimate>();
  const byLiner = new Map<string, DwellEstimate>();
  let all: DwellEstimate | null = null;
  for (const row of statistics) {
    if (row.samples < DWELL_MIN_SAMPLES) continue;
    const estimate = { medianMs: Math.exp(row.median) * 1000, sigma: Math.max(row.spread, MIN_SIGMA) };
    if (row.level === 0) exact.set(key(row.linerId, row.processId, row.categoryId), estimate);
    else if (row.level === 3) byLiner.set(String(row.linerId ?? '-'), estimate);
    else if (row.level === 7) all = estimate;
  }
  return (box: { linerId: number | null; processId: number | null; categoryId: number | null }): DwellEstimate =>
    exact.get(key(box.linerId, box.processId, box.categoryId)) ??
    byLiner.get(String(box.linerId ?? '-')) ??
    all ??
    DEFAULT_DWELL;
}

// When a box that arrived (or is expected) at `arrivedAt` will leave, seen at `now`. A box past its
// median dwell is overdue: it is taken to leave within a quarter of that dwell (at least an hour), as
// such boxes wait for a truck that is due rather than for the next weeks.
export function departureOf(dwell: DwellEstimate, arrivedAt: number, now: number): DepartureEstimate {
  const expected = arrivedAt + dwell.medianMs;
  const departureAt = expected > now ? Math.max(expected, now + HOUR_MS) : now + Math.max(HOUR_MS, dwell.medianMs / 4);
  return { departureAt, sigma: dwell.sigma };
}
