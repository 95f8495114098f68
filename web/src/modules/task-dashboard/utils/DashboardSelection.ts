// What the period picker holds: a ready-made period (spec 3 §9 "day (default) and custom"; today,
// yesterday, the last 7 days and this month are ours, each a day or a custom period) or the custom
// days, and the shift (null: whole days).
export const DASHBOARD_PRESETS = ['today', 'yesterday', 'last7Days', 'thisMonth', 'custom'] as const;
export type DashboardPreset = (typeof DASHBOARD_PRESETS)[number];

export const DASHBOARD_PRESET_LABELS: Record<DashboardPreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7Days: 'Last 7 days',
  thisMonth: 'This month',
  custom: 'Custom',
};

export interface DashboardSelection {
  preset: DashboardPreset;
  // The custom period's days (YYYY-MM-DD, the yard's), '' when not chosen.
  from: string;
  to: string;
  shiftId: number | null;
}
