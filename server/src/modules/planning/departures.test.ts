import { describe, expect, it } from 'vitest';
import { DEFAULT_DWELL, departureEstimate, dwellEstimator, DWELL_MIN_SAMPLES, type DwellStatistic } from './departures';

const DAY = 86_400_000;
// ln of a dwell in days, as the SQL gives it (seconds).
const lnDays = (days: number) => Math.log(days * 86_400);

describe('dwell estimates from the gate history', () => {
  const statistics: DwellStatistic[] = [
    { linerId: 1, processId: 2, categoryId: 3, level: 0, samples: DWELL_MIN_SAMPLES, median: lnDays(2), spread: 0.5 },
    {
      linerId: 1,
      processId: 9,
      categoryId: 9,
      level: 0,
      samples: DWELL_MIN_SAMPLES - 1,
      median: lnDays(30),
      spread: 0.1,
    },
    { linerId: 1, processId: null, categoryId: null, level: 3, samples: 40, median: lnDays(6), spread: 0.05 },
    { linerId: null, processId: null, categoryId: null, level: 7, samples: 400, median: lnDays(8), spread: 0.9 },
  ];
  const estimate = dwellEstimator(statistics);

  it('takes the liner, process and category’s own figures when they hold enough containers', () => {
    const dwell = estimate({ linerId: 1, processId: 2, categoryId: 3 });
    expect(dwell.medianMs / DAY).toBeCloseTo(2, 6);
    expect(dwell.sigma).toBe(0.5);
  });

  it('falls back to the liner, then the whole depot, then four days with a wide spread', () => {
    // Too few of the group: the liner's, with the spread floor.
    const thin = estimate({ linerId: 1, processId: 9, categoryId: 9 });
    expect(thin.medianMs / DAY).toBeCloseTo(6, 6);
    expect(thin.sigma).toBe(0.3);
    expect(estimate({ linerId: 5, processId: null, categoryId: null }).medianMs / DAY).toBeCloseTo(8, 6);
    expect(dwellEstimator([])({ linerId: 1, processId: 2, categoryId: 3 })).toEqual(DEFAULT_DWELL);
    expect(estimate.depot.medianMs / DAY).toBeCloseTo(8, 6);
    expect(dwellEstimator([]).depot).toEqual(DEFAULT_DWELL);
  });
});

describe('departure estimates', () => {
  it('are the arrival plus the median dwell, with the arrival for the engine to condition on', () => {
    const now = Date.UTC(2026, 0, 10);
    expect(departureEstimate({ medianMs: 4 * DAY, sigma: 0.6 }, now - DAY)).toEqual({
      departureAt: now + 3 * DAY,
      sigma: 0.6,
      arrivedAt: now - DAY,
    });
  });
});
