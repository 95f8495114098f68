import { describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { defaultReportForm } from './defaultReportForm';
import type { ReportForm } from './ReportForm';
import { reportFormProblems } from './reportFormProblems';

const form = (patch: Partial<ReportForm>): ReportForm => ({ ...defaultReportForm(Date.now(), 'UTC'), ...patch });

describe('reportFormProblems: the messages of spec 2 §5 and the machine rule of §9', () => {
  it('asks a date report for both days, from not after to', () => {
    expect(reportFormProblems(form({ from: '2025-03-01', to: '2025-03-02' }))).toEqual({});
    expect(reportFormProblems(form({ from: '2025-03-01', to: '2025-03-01' }))).toEqual({});
    expect(reportFormProblems(form({ from: '' }))).toEqual({ from: messages.reportChooseFromDate });
    expect(reportFormProblems(form({ to: '' }))).toEqual({ to: messages.reportChooseToDate });
    expect(reportFormProblems(form({ from: '2025-03-03', to: '2025-03-02' }))).toEqual({
      from: messages.reportInvalidDateRange,
    });
    expect(messages.reportInvalidDateRange).toBe('Invalid date range selection');
  });

  it('asks nothing of the reports without dates', () => {
    expect(reportFormProblems(form({ key: 'expiredTags', from: '', to: '' }))).toEqual({});
    expect(reportFormProblems(form({ key: 'inventory', from: '2025-03-03', to: '2025-03-02' }))).toEqual({});
  });

  it('lets the trailer report go without a range, not with half of one', () => {
    expect(reportFormProblems(form({ key: 'trailers', from: '', to: '' }))).toEqual({});
    expect(reportFormProblems(form({ key: 'trailers', from: '2025-03-01', to: '' }))).toEqual({
      to: messages.reportChooseToDate,
    });
  });

  it('needs one machine for 3.1 and 3.4; 3.2 and 3.3 take All', () => {
    expect(reportFormProblems(form({ key: 'machineMovementsSummary' }))).toEqual({
      machineName: messages.reportChooseMachine,
    });
    expect(reportFormProblems(form({ key: 'machineWorkingStatus', machineName: '  ' }))).toEqual({
      machineName: messages.reportChooseMachine,
    });
    expect(reportFormProblems(form({ key: 'machineWorkingStatus', machineName: 'RS-01' }))).toEqual({});
    expect(reportFormProblems(form({ key: 'machineMovementsDetailed' }))).toEqual({});
    expect(reportFormProblems(form({ key: 'machineBreakdown' }))).toEqual({});
  });
});
