import {
  completeDashboardLayout,
  DASHBOARD_GRID,
  DEFAULT_DASHBOARD_LAYOUT,
  isDashboardWidgetId,
  WIDGET_CHART_TYPES,
  type DashboardChartType,
  type DashboardLayout,
  type DashboardLayoutItem,
  type DashboardWidgetId,
} from '@openyard/contracts';

// react-grid-layout's item: `i` is the widget id.
export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW?: number;
  minH?: number;
}

// The layout to show: the user's saved one (with any widget it lacks added below), else the default.
export function layoutToShow(saved: DashboardLayout | null | undefined): DashboardLayoutItem[] {
  return saved ? completeDashboardLayout(saved.items) : [...DEFAULT_DASHBOARD_LAYOUT];
}

export function toGridItems(items: readonly DashboardLayoutItem[]): GridItem[] {
  return items.map(({ widget, x, y, w, h }) => ({
    i: widget,
    x,
    y,
    w,
    h,
    minW: DASHBOARD_GRID.minW,
    minH: DASHBOARD_GRID.minH,
  }));
}

// The grid's positions and sizes put back into the layout, keeping each widget's chart type; items
// the grid does not know are dropped, and positions are clamped into the grid the server accepts.
export function fromGridItems(
  grid: readonly { i: string; x: number; y: number; w: number; h: number }[],
  current: readonly DashboardLayoutItem[],
): DashboardLayoutItem[] {
  const charts = new Map(current.map((item) => [item.widget, item.chartType]));
  return grid.flatMap((item) => {
    if (!isDashboardWidgetId(item.i)) return [];
    const w = Math.min(Math.max(item.w, DASHBOARD_GRID.minW), DASHBOARD_GRID.columns);
    const h = Math.min(Math.max(item.h, DASHBOARD_GRID.minH), DASHBOARD_GRID.maxRows);
    const placed: DashboardLayoutItem = {
      widget: item.i,
      x: Math.min(Math.max(item.x, 0), DASHBOARD_GRID.columns - w),
      y: Math.min(Math.max(item.y, 0), DASHBOARD_GRID.maxRows - h),
      w,
      h,
    };
    const chartType = charts.get(item.i);
    return [chartType ? { ...placed, chartType } : placed];
  });
}

// True when two layouts place every widget alike (a grid's echo of what it was given is no change).
export function sameLayout(a: readonly DashboardLayoutItem[], b: readonly DashboardLayoutItem[]): boolean {
  const key = (items: readonly DashboardLayoutItem[]) =>
    JSON.stringify(
      [...items]
        .sort((one, two) => one.widget.localeCompare(two.widget))
        .map(({ widget, x, y, w, h, chartType }) => [widget, x, y, w, h, chartType ?? null]),
    );
  return key(a) === key(b);
}

// A widget's chart type: the one the user chose, else its first (spec 1 §9).
export function chartTypeOf(items: readonly DashboardLayoutItem[], widget: DashboardWidgetId): DashboardChartType {
  const chosen = items.find((item) => item.widget === widget)?.chartType;
  const allowed = WIDGET_CHART_TYPES[widget];
  return chosen && allowed.includes(chosen) ? chosen : allowed[0]!;
}

export function withChartType(
  items: readonly DashboardLayoutItem[],
  widget: DashboardWidgetId,
  chartType: DashboardChartType,
): DashboardLayoutItem[] {
  return items.map((item) => (item.widget === widget ? { ...item, chartType } : item));
}
