import { describe, expect, it } from 'vitest';
import { messages, type LiveTopicMessage, type Task, type TaskDashboardReport } from '@openyard/contracts';
import { dashboardQueryOf } from './dashboardQueryOf';
import { machineSummaries } from './machineSummaries';
import { reportChangedBy } from './reportChangedBy';

const selection = { preset: 'today', from: '', to: '', shiftId: null } as const;

describe('dashboardQueryOf', () => {
  it('makes a day of today and yesterday, a custom period of the last 7 days and this month', () => {
    expect(dashboardQueryOf(selection, '2026-03-01')).toEqual({ query: { period: 'day', date: '2026-03-01' } });
    expect(dashboardQueryOf({ ...selection, preset: 'yesterday', shiftId: 4 }, '2026-03-01')).toEqual({
      query: { period: 'day', date: '2026-02-28', shiftId: 4 },
    });
    expect(dashboardQueryOf({ ...selection, preset: 'last7Days' }, '2026-03-03')).toEqual({
      query: { period: 'custom', from: '2026-02-25', to: '2026-03-03' },
    });
    expect(dashboardQueryOf({ ...selection, preset: 'thisMonth' }, '2026-03-17')).toEqual({
      query: { period: 'custom', from: '2026-03-01', to: '2026-03-17' },
    });
  });

  it("answers a custom period's missing or backward dates with the spec's messages", () => {
    const custom = { ...selection, preset: 'custom' } as const;
    expect(dashboardQueryOf(custom, '2026-03-17')).toEqual({ problem: messages.reportChooseFromDate });
    expect(dashboardQueryOf({ ...custom, from: '2026-03-02' }, '2026-03-17')).toEqual({
      problem: messages.reportChooseToDate,
    });
    expect(dashboardQueryOf({ ...custom, from: '2026-03-02', to: '2026-03-01' }, '2026-03-17')).toEqual({
      problem: messages.reportInvalidDateRange,
    });
    expect(dashboardQueryOf({ ...custom, from: '2026-03-01', to: '2026-03-02', shiftId: 2 }, 'x')).toEqual({
      query: { period: 'custom', from: '2026-03-01', to: '2026-03-02', shiftId: 2 },
    });
  });
});

const report: TaskDashboardReport = {
  noOfDays: 2,
  granularity: 'day',
  fromDate: '2026-01-10',
  toDate: '2026-01-11',
  fromTime: 1000,
  toTime: 2000,
  shiftId: null,
  shift: null,
  shiftPeriod: null,
  machineMovements: [
    {
      machine: 'RS-10',
      movements: [
        { date: '2026-01-10', productiveCount: 3, wasteCount: 1 },
        { date: '2026-01-11', productiveCount: 2, wasteCount: 0 },
      ],
    },
    { machine: 'RS-9', movements: [{ date: '2026-01-11', productiveCount: 0, wasteCount: 1 }] },
  ],
  totalMovements: 7,
  totalProductive: 5,
  totalWaste: 2,
  totalCompletedTasks: 6,
  machineTasks: [
    { machine: 'ALL', tasks: [{ date: '2026-01-10', count: 1 }] },
    { machine: 'RS-10', tasks: [{ date: '2026-01-10', count: 5 }] },
  ],
  averageMovements: 4,
  averageCompletedTasks: 3,
};

describe('machineSummaries', () => {
  it('adds each machine up over the period, with its averages per day, machines in natural order', () => {
    expect(machineSummaries(report)).toEqual([
      {
        machine: 'ALL',
        productive: 0,
        waste: 0,
        movements: 0,
        completedTasks: 1,
        averageMovements: 0,
        averageCompletedTasks: 1,
      },
      {
        machine: 'RS-9',
        productive: 0,
        waste: 1,
        movements: 1,
        completedTasks: 0,
        averageMovements: 1,
        averageCompletedTasks: 0,
      },
      {
        machine: 'RS-10',
        productive: 5,
        waste: 1,
        movements: 6,
        completedTasks: 5,
        averageMovements: 3,
        averageCompletedTasks: 3,
      },
    ]);
  });
});

describe('reportChangedBy', () => {
  const counted = (from: number, to: number): LiveTopicMessage<'tasks'> =>
    ({ type: 'tasks.machineDayCounted.v1', data: { machines: ['RS-01'], from, to } }) as LiveTopicMessage<'tasks'>;

  it('reloads when figures were counted inside the period (a waste drop too), not for task messages', () => {
    expect(reportChangedBy(counted(1500, 1500), report)).toBe(true);
    expect(reportChangedBy(counted(500, 1000), report)).toBe(true);
    expect(reportChangedBy(counted(2500, 2600), report)).toBe(false);
    expect(reportChangedBy(counted(100, 200), report)).toBe(false);
    expect(reportChangedBy(counted(2500, 2600), undefined)).toBe(true);
    expect(
      reportChangedBy(
        {
          type: 'tasks.changed.v1',
          data: { change: 'completed', tasks: [{ completionDate: 1500 } as Task] },
        } as LiveTopicMessage<'tasks'>,
        report,
      ),
    ).toBe(false);
  });
});
