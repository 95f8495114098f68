import { describe, expect, it } from 'vitest';
import {
  agingBucketOf,
  completeDashboardLayout,
  dashboardLayoutProblem,
  DEFAULT_DASHBOARD_LAYOUT,
  tatViolated,
  yardMonthDays,
  yardMonthOf,
  yardMonthsEndingAt,
} from './dashboard';

describe('dashboard rules', () => {
  it('puts ages into the buckets of spec 1 §9, lower bound in, upper bound out', () => {
    expect([0, 2, 3, 14, 15, 29, 30, 59, 60, 400].map(agingBucketOf)).toEqual([
      null,
      null,
      '3-15',
      '3-15',
      '15-30',
      '15-30',
      '30-60',
      '30-60',
      'over-60',
      'over-60',
    ]);
  });

  it('counts yard months back across a year and lists a month’s days', () => {
    expect(yardMonthsEndingAt('2026-02', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(yardMonthsEndingAt('2026-11', 12)[0]).toBe('2025-12');
    expect(yardMonthDays('2028-02')).toHaveLength(29);
    expect(yardMonthDays('2026-04').at(-1)).toBe('2026-04-30');
    // 18:31 UTC on 31 March is 1 April in Kolkata.
    expect(yardMonthOf(Date.UTC(2026, 2, 31, 18, 31), 'Asia/Kolkata')).toBe('2026-04');
    expect(yardMonthOf(Date.UTC(2026, 2, 31, 18, 31), 'UTC')).toBe('2026-03');
  });

  it('flags a trailer inside longer than the limit', () => {
    expect(tatViolated(0, 60 * 60_000, 60)).toBe(false);
    expect(tatViolated(0, 60 * 60_000 + 1, 60)).toBe(true);
  });

  it('refuses a layout with a widget twice, outside the grid, too small or with a chart it has not', () => {
    expect(dashboardLayoutProblem(DEFAULT_DASHBOARD_LAYOUT)).toBeNull();
    const gate = { widget: 'gateInOut', x: 0, y: 0, w: 6, h: 6 } as const;
    expect(dashboardLayoutProblem([gate, gate])).toBe('Widget gateInOut is placed twice');
    expect(dashboardLayoutProblem([{ ...gate, x: 7 }])).toBe('Widget gateInOut is outside the dashboard');
    expect(dashboardLayoutProblem([{ ...gate, w: 1 }])).toBe('Widget gateInOut is too small');
    expect(dashboardLayoutProblem([{ ...gate, chartType: 'pie' }])).toBe('Widget gateInOut has no pie chart');
    expect(dashboardLayoutProblem([{ widget: 'containerAging', x: 0, y: 0, w: 4, h: 6, chartType: 'pie' }])).toBeNull();
  });

  it('puts the widgets a saved layout lacks below it', () => {
    const layout = completeDashboardLayout([{ widget: 'yardTrailers', x: 0, y: 0, w: 12, h: 10 }]);
    expect(layout).toHaveLength(DEFAULT_DASHBOARD_LAYOUT.length);
    expect(layout[1]).toMatchObject({ widget: 'gateInOut', x: 0, y: 10 });
    expect(dashboardLayoutProblem(layout)).toBeNull();
  });
});
