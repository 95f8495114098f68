import { shiftYardDay, yardDayOf, type YardDay } from './yard-time';

// The dashboard's widgets (spec 1 §2 Dashboard), by id: the widget registry of the web, the layout
// a user saves, and the live `dashboard.changed.v1` message name them by these ids.
export const DASHBOARD_WIDGET_IDS = [
  'gateInOut',
  'monthlyMovements',
  'areaInventory',
  'emptySlots',
  'containerAging',
  'customerInventory',
  'machineTasks',
  'yardTrailers',
] as const;
export type DashboardWidgetId = (typeof DASHBOARD_WIDGET_IDS)[number];

export function isDashboardWidgetId(value: string): value is DashboardWidgetId {
  return (DASHBOARD_WIDGET_IDS as readonly string[]).includes(value);
}

// Chart types (spec 1 §9: column and line; pie also for customer and aging). The first of a
// widget's list is its default. Block-wise empty slots is a line (spec 1 §2); the trailers
// widget is a pie beside its detailed list.
export const DASHBOARD_CHART_TYPES = ['column', 'line', 'pie'] as const;
export type DashboardChartType = (typeof DASHBOARD_CHART_TYPES)[number];

export const WIDGET_CHART_TYPES: Readonly<Record<DashboardWidgetId, readonly DashboardChartType[]>> = {
  gateInOut: ['column', 'line'],
  monthlyMovements: ['column', 'line'],
  areaInventory: ['column', 'line'],
  emptySlots: ['line'],
  containerAging: ['pie', 'column', 'line'],
  customerInventory: ['column', 'line', 'pie'],
  machineTasks: ['column', 'line'],
  yardTrailers: ['pie'],
};

// Container aging (spec 1 §9): days in the yard since gate-in, counted in yard days (today's
// gate-ins are 0 days old). A bucket holds ages from `fromDays` up to, not including, `toDays`;
// containers younger than the first bucket are counted apart. Colours from cool to alarming.
export const AGING_BUCKETS = [
  { key: '3-15', label: '3-15 days', fromDays: 3, toDays: 15, color: '#40c057' },
  { key: '15-30', label: '15-30 days', fromDays: 15, toDays: 30, color: '#fab005' },
  { key: '30-60', label: '30-60 days', fromDays: 30, toDays: 60, color: '#fd7e14' },
  { key: 'over-60', label: 'Over 60 days', fromDays: 60, toDays: null, color: '#fa5252' },
] as const;
export type AgingBucketKey = (typeof AGING_BUCKETS)[number]['key'];
export const AGING_BUCKET_KEYS = AGING_BUCKETS.map((bucket) => bucket.key) as [AgingBucketKey, ...AgingBucketKey[]];

// The bucket of an age in days, or null under the first bucket's lower bound.
export function agingBucketOf(days: number): AgingBucketKey | null {
  for (const bucket of AGING_BUCKETS) {
    if (days >= bucket.fromDays && (bucket.toDays === null || days < bucket.toDays)) return bucket.key;
  }
  return null;
}

// The monthly widgets show the last twelve yard months, the current one last.
export const DASHBOARD_MONTHS = 12;

// A yard month, YYYY-MM (the id of gate-in-report/{id}).
export type YardMonth = string;
const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isYardMonth(value: string): value is YardMonth {
  return MONTH_PATTERN.test(value);
}

export function yardMonthOf(epochMs: number, timeZone?: string): YardMonth {
  return yardDayOf(epochMs, timeZone).slice(0, 7);
}

// The months from `count - 1` months before `month` to `month`, oldest first.
export function yardMonthsEndingAt(month: YardMonth, count: number): YardMonth[] {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`Not a month: "${month}"`);
  const index = Number(match[1]) * 12 + Number(match[2]) - 1;
  return Array.from({ length: count }, (_, offset) => {
    const at = index - (count - 1) + offset;
    return `${String(Math.floor(at / 12)).padStart(4, '0')}-${String((at % 12) + 1).padStart(2, '0')}`;
  });
}

// The days of a yard month, first to last.
export function yardMonthDays(month: YardMonth): YardDay[] {
  if (!MONTH_PATTERN.test(month)) throw new RangeError(`Not a month: "${month}"`);
  const days: YardDay[] = [];
  for (let day = `${month}-01`; day.startsWith(month); day = shiftYardDay(day, { days: 1 })) days.push(day);
  return days;
}

// "Nov 2026" for a month id, "Nov 27" for a day: the charts' axis labels.
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function yardMonthLabel(month: YardMonth): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

// A trailer's turn-around time is violated when it has been inside the yard longer than the yard's
// limit (TRAILER_TAT_LIMIT_MINUTES): the server flags it when it answers, the screen again as the
// clock runs, with this one rule.
export function tatViolated(trailerInTime: number, now: number, limitMinutes: number): boolean {
  return now - trailerInTime > limitMinutes * 60_000;
}

// The grid the widgets are laid out on (react-grid-layout's units): 12 columns, rows of 30 px with
// 10 px gaps, so that w 4 × h 6 is about the spec's 400 × 218 px widget on a 1,240 px wide screen,
// and w 6 × h 6 its 610 × 218 (spec 1 §9).
export const DASHBOARD_GRID = { columns: 12, rowHeight: 30, margin: 10, maxRows: 200, minW: 2, minH: 4 } as const;

export interface DashboardLayoutItem {
  widget: DashboardWidgetId;
  x: number;
  y: number;
  w: number;
  h: number;
  chartType?: DashboardChartType;
}

export const DEFAULT_DASHBOARD_LAYOUT: readonly DashboardLayoutItem[] = [
  { widget: 'gateInOut', x: 0, y: 0, w: 6, h: 7 },
  { widget: 'monthlyMovements', x: 6, y: 0, w: 6, h: 7 },
  { widget: 'areaInventory', x: 0, y: 7, w: 4, h: 7 },
  { widget: 'emptySlots', x: 4, y: 7, w: 4, h: 7 },
  { widget: 'containerAging', x: 8, y: 7, w: 4, h: 7 },
  { widget: 'customerInventory', x: 0, y: 14, w: 4, h: 7 },
  { widget: 'machineTasks', x: 4, y: 14, w: 8, h: 7 },
  { widget: 'yardTrailers', x: 0, y: 21, w: 12, h: 10 },
];

// Why a layout cannot be saved, or null: each widget at most once, inside the grid, at least the
// smallest size, with a chart type the widget has.
export function dashboardLayoutProblem(items: readonly DashboardLayoutItem[]): string | null {
  const seen = new Set<string>();
  for (const item of items) {
    if (!isDashboardWidgetId(item.widget)) return `Unknown widget ${String(item.widget)}`;
    if (seen.has(item.widget)) return `Widget ${item.widget} is placed twice`;
    seen.add(item.widget);
    if (
      item.x < 0 ||
      item.y < 0 ||
      item.x + item.w > DASHBOARD_GRID.columns ||
      item.y + item.h > DASHBOARD_GRID.maxRows
    )
      return `Widget ${item.widget} is outside the dashboard`;
    if (item.w < DASHBOARD_GRID.minW || item.h < DASHBOARD_GRID.minH) return `Widget ${item.widget} is too small`;
    if (item.chartType !== undefined && !WIDGET_CHART_TYPES[item.widget].includes(item.chartType))
      return `Widget ${item.widget} has no ${item.chartType} chart`;
  }
  return null;
}

// The widgets of the default layout that a saved layout leaves out come back at the bottom (a
// widget added in a later version appears for everyone), in their default size.
export function completeDashboardLayout(items: readonly DashboardLayoutItem[]): DashboardLayoutItem[] {
  const placed = new Set(items.map((item) => item.widget));
  let bottom = Math.max(0, ...items.map((item) => item.y + item.h));
  const added = DEFAULT_DASHBOARD_LAYOUT.filter((item) => !placed.has(item.widget)).map((item) => {
    const placedAt = { ...item, x: 0, y: bottom };
    bottom += item.h;
    return placedAt;
  });
  return [...items, ...added];
}
