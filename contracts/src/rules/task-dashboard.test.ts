import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  dailyAverage,
  dashboardDaysOf,
  dashboardGranularity,
  shiftDayOf,
  TASK_DASHBOARD_DAILY_MAX_DAYS,
  TASK_DASHBOARD_MAX_DAYS,
  yardDaysCount,
} from './task-dashboard';
import { yardTimeOnDay } from './yard-time';

const KOLKATA = 'Asia/Kolkata'; // UTC+05:30, no daylight saving
const BERLIN = 'Europe/Berlin';
const night = { fromHour: 22, fromMinute: 0, toHour: 6, toMinute: 0 };
const day = { fromHour: 6, fromMinute: 0, toHour: 14, toMinute: 30 };

describe('dashboardDaysOf (spec 3 §9 day and custom periods)', () => {
  it('takes today for a day without a date, and the date given', () => {
    expect(dashboardDaysOf({}, '2026-03-10')).toEqual({ from: '2026-03-10', to: '2026-03-10', days: 1 });
    expect(dashboardDaysOf({ period: 'day', date: '2026-02-28' }, '2026-03-10')).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
      days: 1,
    });
  });

  it('needs both dates of a custom period, in order, and a year at most', () => {
    expect(dashboardDaysOf({ period: 'custom', to: '2026-03-01' }, '2026-03-10')).toMatchObject({
      problem: messages.reportChooseFromDate,
      field: 'from',
    });
    expect(dashboardDaysOf({ period: 'custom', from: '2026-03-01' }, '2026-03-10')).toMatchObject({
      problem: messages.reportChooseToDate,
    });
    expect(dashboardDaysOf({ period: 'custom', from: '2026-03-02', to: '2026-03-01' }, '2026-03-10')).toMatchObject({
      problem: messages.reportInvalidDateRange,
    });
    expect(dashboardDaysOf({ period: 'custom', from: '2026-02-30', to: '2026-03-01' }, 'x')).toMatchObject({
      field: 'from',
    });
    expect(dashboardDaysOf({ period: 'custom', from: '2025-01-01', to: '2026-01-02' }, 'x')).toMatchObject({
      problem: messages.dashboardPeriodTooLong(TASK_DASHBOARD_MAX_DAYS),
    });
    expect(dashboardDaysOf({ period: 'custom', from: '2024-02-27', to: '2024-03-01' }, 'x')).toEqual({
      from: '2024-02-27',
      to: '2024-03-01',
      days: 4,
    });
  });

  it('counts the days of a period across a daylight-saving change as calendar days', () => {
    expect(yardDaysCount('2026-03-28', '2026-03-30')).toBe(3);
    expect(yardDaysCount('2026-10-24', '2026-10-26')).toBe(3);
  });
});

describe('shiftDayOf: the yard day whose shift holds an instant', () => {
  const at = (date: string, hour: number, minute = 0, zone = KOLKATA) => yardTimeOnDay(date, hour * 60 + minute, zone);

  it('puts the part of a night shift after midnight on the day it started', () => {
    expect(shiftDayOf(night, at('2026-03-10', 22), KOLKATA)).toBe('2026-03-10');
    expect(shiftDayOf(night, at('2026-03-11', 5, 59), KOLKATA)).toBe('2026-03-10');
    expect(shiftDayOf(night, at('2026-03-11', 6), KOLKATA)).toBeNull();
    expect(shiftDayOf(night, at('2026-03-10', 21, 59), KOLKATA)).toBeNull();
    // The first of the month: the night belongs to the last day of February.
    expect(shiftDayOf(night, at('2026-03-01', 1), KOLKATA)).toBe('2026-02-28');
  });

  it('keeps a day shift to its own day, its end excluded', () => {
    expect(shiftDayOf(day, at('2026-03-10', 6), KOLKATA)).toBe('2026-03-10');
    expect(shiftDayOf(day, at('2026-03-10', 14, 29), KOLKATA)).toBe('2026-03-10');
    expect(shiftDayOf(day, at('2026-03-10', 14, 30), KOLKATA)).toBeNull();
  });

  it('reads the yard clock, not UTC: 20:00 UTC is 01:30 the next day in Kolkata', () => {
    const instant = Date.parse('2026-03-10T20:00:00Z');
    expect(shiftDayOf(night, instant, KOLKATA)).toBe('2026-03-10');
    expect(shiftDayOf(night, instant, 'UTC')).toBeNull();
  });

  it('follows the wall clock over a daylight-saving night', () => {
    // Berlin springs forward at 02:00 on 2026-03-29: 05:30 local is 03:30 UTC.
    expect(shiftDayOf(night, Date.parse('2026-03-29T03:30:00Z'), BERLIN)).toBe('2026-03-28');
    expect(shiftDayOf(night, Date.parse('2026-03-29T04:00:00Z'), BERLIN)).toBeNull();
  });
});

describe('dailyAverage (spec 3 §9: total / days, no decimals)', () => {
  it('rounds to a whole number and is 0 without days', () => {
    expect(dailyAverage(7, 2)).toBe(4);
    expect(dailyAverage(10, 3)).toBe(3);
    expect(dailyAverage(0, 5)).toBe(0);
    expect(dailyAverage(5, 0)).toBe(0);
  });
});

describe('dashboardGranularity', () => {
  it('gives days up to two months and months beyond', () => {
    expect(dashboardGranularity(1)).toBe('day');
    expect(dashboardGranularity(TASK_DASHBOARD_DAILY_MAX_DAYS)).toBe('day');
    expect(dashboardGranularity(TASK_DASHBOARD_DAILY_MAX_DAYS + 1)).toBe('month');
  });
});
