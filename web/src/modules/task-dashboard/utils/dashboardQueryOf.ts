import { dashboardDaysOf, shiftYardDay, type TaskDashboardQuery, type YardDay } from '@openyard/contracts';
import type { DashboardSelection } from './DashboardSelection';

// The call a selection makes, on the yard's today; or the spec's date message (spec 2 §5: 'Choose
// from date', 'Choose to date', 'Invalid date range selection') that the server would answer, by
// the same rule (contracts' dashboardDaysOf), shown before asking.
export function dashboardQueryOf(
  selection: DashboardSelection,
  today: YardDay,
): { query: TaskDashboardQuery } | { problem: string } {
  const shift = selection.shiftId === null ? {} : { shiftId: selection.shiftId };
  let query: TaskDashboardQuery;
  switch (selection.preset) {
    case 'today':
      query = { period: 'day', date: today, ...shift };
      break;
    case 'yesterday':
      query = { period: 'day', date: shiftYardDay(today, { days: -1 }), ...shift };
      break;
    case 'last7Days':
      query = { period: 'custom', from: shiftYardDay(today, { days: -6 }), to: today, ...shift };
      break;
    case 'thisMonth':
      query = { period: 'custom', from: `${today.slice(0, 8)}01`, to: today, ...shift };
      break;
    case 'custom':
      query = {
        period: 'custom',
        ...(selection.from ? { from: selection.from } : {}),
        ...(selection.to ? { to: selection.to } : {}),
        ...shift,
      };
  }
  const days = dashboardDaysOf(query, today);
  return 'problem' in days ? { problem: days.problem } : { query };
}
