import type { MachineShift } from '../machine-shifts';
import { messages } from '../messages';
import type { TaskDashboardQuery } from '../task-dashboard';
import { shiftCrossesMidnight, shiftEndMinute, shiftStartMinute } from './machine-shifts';
import { reportDatesProblem } from './reports';
import { isYardDay, shiftYardDay, yardDayOf, yardMinuteOfDay, type YardDay } from './yard-time';

// What the task dashboard counts (spec 3 §2 "machine movements and tasks", §3 productiveCount,
// wasteCount, totalCompletedTasks). The spec names the figures, not what makes a move productive;
// this is the rule the server's rollup (server/src/modules/task-dashboard) and its rebuild SQL keep.
// It is the one count of a machine's moves and tasks: the enterprise dashboard's machine widget
// (moves = productive + waste) and report 3.1 (picks, drops, productive, waste, tasks completed)
// read the same rollup.
//
// - A movement is a machine's drop (machine_events kind 'drop'): a pick lifts a box and its drop
//   ends the move, so counting drops counts each pick→drop move once. It is counted for the machine
//   that sent it, on the yard day (and shift) of the drop's time.
// - A productive movement is a drop that completed a task (tasks.completed_by_event_id is that
//   drop): the box went where work asked for it.
// - A waste movement is a drop that completed no task: a rehandle or shuffle to reach another box,
//   a box moved with no open task, a drop the yard model refused (a yard exception).
// - A completed task counts for the machine that completed it (its drop or its terminal), else the
//   machine it was assigned to (ALL for a task nobody had), on the yard day (and shift) of its
//   completion. A task completed from the list or at the terminal is a completed task but no
//   movement: no drop was recorded.
// - A pick (machine_events kind 'pick') is no movement; it is counted as a pick of the machine that
//   sent it, on the yard day (and shift) of its time (report 3.1 shows them).

// The longest period the dashboard answers, in yard days (the figures of each day are sent).
export const TASK_DASHBOARD_MAX_DAYS = 366;

// Up to this many days the figures come by day; a longer period comes by month (the date of an entry
// is then the first day of its month, or the period's first day in its first month): a year is
// twelve bars a machine, not 366, and its answer stays small.
export const TASK_DASHBOARD_DAILY_MAX_DAYS = 62;

export type DashboardGranularity = 'day' | 'month';

export function dashboardGranularity(days: number): DashboardGranularity {
  return days > TASK_DASHBOARD_DAILY_MAX_DAYS ? 'month' : 'day';
}

export interface DashboardDays {
  from: YardDay;
  to: YardDay;
  days: number;
}

const DAY_MS = 86_400_000;

// How many calendar days from..to holds, both counted (2026-03-01..2026-03-01 is 1).
export function yardDaysCount(from: YardDay, to: YardDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

// The yard days a dashboard query means (spec 3 §9: day is the default, custom needs both dates;
// spec 2 §5's date messages), or the problem with it and the field it is about.
export function dashboardDaysOf(
  query: Pick<TaskDashboardQuery, 'period' | 'date' | 'from' | 'to'>,
  today: YardDay,
): DashboardDays | { problem: string; field: 'date' | 'from' | 'to' } {
  if ((query.period ?? 'day') === 'day') {
    const day = query.date ?? today;
    if (!isYardDay(day)) return { problem: messages.fieldInvalid('Date'), field: 'date' };
    return { from: day, to: day, days: 1 };
  }
  const problem = reportDatesProblem(query.from, query.to);
  if (problem || !query.from || !query.to)
    return {
      problem: problem ?? messages.reportChooseFromDate,
      field: problem === messages.reportChooseFromDate ? 'from' : 'to',
    };
  const days = yardDaysCount(query.from, query.to);
  if (days > TASK_DASHBOARD_MAX_DAYS)
    return { problem: messages.dashboardPeriodTooLong(TASK_DASHBOARD_MAX_DAYS), field: 'to' };
  return { from: query.from, to: query.to, days };
}

type ShiftTimes = Pick<MachineShift, 'fromHour' | 'fromMinute' | 'toHour' | 'toMinute'>;

// The yard day whose shift holds an instant, or null when it is outside the shift. The yard's wall
// clock decides (shifts are wall-clock times, spec 2 §3): from the start minute up to, not
// including, the end minute; the part of a shift that crosses midnight after 00:00 belongs to the
// day before. The rollup's rebuild SQL (task-dashboard.repository.ts) states the same rule.
export function shiftDayOf(shift: ShiftTimes, epochMs: number, timeZone?: string): YardDay | null {
  const minute = yardMinuteOfDay(epochMs, timeZone);
  const start = shiftStartMinute(shift);
  const end = shiftEndMinute(shift);
  const day = yardDayOf(epochMs, timeZone);
  if (!shiftCrossesMidnight(shift)) return minute >= start && minute < end ? day : null;
  if (minute >= start) return day;
  if (minute < end) return shiftYardDay(day, { days: -1 });
  return null;
}

// An average per day (spec 3 §9: "total divided by number of days, with no decimals"), rounded to
// the nearest whole number.
export function dailyAverage(total: number, days: number): number {
  return days > 0 ? Math.round(total / days) : 0;
}
