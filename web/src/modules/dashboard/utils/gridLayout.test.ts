import { describe, expect, it } from 'vitest';
import { DEFAULT_DASHBOARD_LAYOUT } from '@openyard/contracts';
import { chartTypeOf, fromGridItems, layoutToShow, sameLayout, toGridItems, withChartType } from './gridLayout';

describe('the dashboard grid layout', () => {
  it('shows the default layout until the user saved one', () => {
    expect(layoutToShow(null)).toEqual(DEFAULT_DASHBOARD_LAYOUT);
    const saved = layoutToShow({ items: [{ widget: 'yardTrailers', x: 0, y: 0, w: 12, h: 8 }] });
    expect(saved[0]).toEqual({ widget: 'yardTrailers', x: 0, y: 0, w: 12, h: 8 });
    expect(saved).toHaveLength(DEFAULT_DASHBOARD_LAYOUT.length);
  });

  it('takes the grid’s positions back, keeping chart types, clamped into the grid', () => {
    const current = withChartType(DEFAULT_DASHBOARD_LAYOUT, 'containerAging', 'column');
    const grid = toGridItems(current).map((item) => (item.i === 'containerAging' ? { ...item, x: 11, w: 4 } : item));
    const back = fromGridItems([...grid, { i: 'unknown', x: 0, y: 0, w: 2, h: 4 }], current);
    expect(back.find((item) => item.widget === 'containerAging')).toEqual({
      widget: 'containerAging',
      x: 8,
      y: 7,
      w: 4,
      h: 7,
      chartType: 'column',
    });
    expect(back).toHaveLength(current.length);
    expect(sameLayout(fromGridItems(toGridItems(current), current), current)).toBe(true);
    expect(sameLayout(back, current)).toBe(true);
  });

  it('gives each widget its chosen chart type if it has it, else its first', () => {
    expect(chartTypeOf(DEFAULT_DASHBOARD_LAYOUT, 'containerAging')).toBe('pie');
    expect(chartTypeOf(DEFAULT_DASHBOARD_LAYOUT, 'gateInOut')).toBe('column');
    expect(chartTypeOf(withChartType(DEFAULT_DASHBOARD_LAYOUT, 'gateInOut', 'line'), 'gateInOut')).toBe('line');
    expect(chartTypeOf([{ widget: 'emptySlots', x: 0, y: 0, w: 4, h: 6, chartType: 'pie' }], 'emptySlots')).toBe(
      'line',
    );
  });
});
