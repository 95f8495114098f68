// Departure estimates for the planning engine (issue 19): when a box is expected to leave, and how
// sure that is, from the depot's own gate history. The dwell (gate-in to dispatch) of the containers
// dispatched lately is taken as log-normal: its median and the spread of its logarithm per liner,
// process and category, falling back to the liner's, then the whole depot's, then a default.

const DAY_MS = 24 * 3_600_000;

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
  arrivedAt: number;
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
  const depot: DwellEstimate = all ?? DEFAULT_DWELL;
  const estimate = (box: { linerId: number | null; processId: number | null; categoryId: number | null }) =>
    exact.get(key(box.linerId, box.processId, box.categoryId)) ?? byLiner.get(String(box.linerId ?? '-')) ?? depot;
  // The depot's own dwell: what the engine expects of the boxes still to come.
  return Object.assign(estimate, { depot });
}

// The engine's estimate of a box that came (or is expected) at `arrivedAt`: its departure after the
// median dwell, with the spread; the engine conditions it on the time the box has already spent
// (engine/departure.ts: a box past its estimate is believed to leave soon, not at once).
export function departureEstimate(dwell: DwellEstimate, arrivedAt: number): DepartureEstimate {
  return { departureAt: arrivedAt + dwell.medianMs, sigma: dwell.sigma, arrivedAt };
}
