import { describe, expect, it } from 'vitest';
import { PAGE_SIZES, REPORT_TYPES } from '@openyard/contracts';
import { defaultReportForm } from './defaultReportForm';
import type { ReportForm } from './ReportForm';
import { reportExportQueryOf, reportPageQueryOf, reportQueryOf } from './reportQueryOf';
import { reportExportRouteOf, reportRouteOf } from './reportRouteOf';

// 2025-03-10T12:00Z is 17:30 of 2025-03-10 in a yard at +05:30.
const NOW = Date.parse('2025-03-10T12:00:00Z');
const form = (patch: Partial<ReportForm>): ReportForm => ({ ...defaultReportForm(NOW, 'Asia/Kolkata'), ...patch });

describe('reportQueryOf: the form as the report parameters of spec 2 §3', () => {
  it('a new form asks the last seven yard days, every option All', () => {
    const fresh = defaultReportForm(Date.parse('2025-03-10T18:31:00Z'), 'Asia/Kolkata');
    // 18:31Z is already 00:01 of the next yard day.
    expect(fresh).toMatchObject({
      key: 'gateIn',
      from: '2025-03-05',
      to: '2025-03-11',
      processId: -1,
      machineName: 'All',
    });
  });

  it('sends a date report its range and nothing else', () => {
    expect(reportQueryOf(form({ key: 'gateIn', areaId: 4, machineName: 'RS-01' }))).toEqual({
      from: '2025-03-04',
      to: '2025-03-10',
    });
  });

  it('sends 1.3 no dates and 2.1 its four options, All as -1', () => {
    expect(reportQueryOf(form({ key: 'expiredTags' }))).toEqual({});
    expect(reportQueryOf(form({ key: 'inventory', areaId: 4 }))).toEqual({
      processId: -1,
      sizeId: -1,
      areaId: 4,
      liner: -1,
    });
  });

  it('sends the machine reports their range and machine, All as the word', () => {
    expect(reportQueryOf(form({ key: 'machineMovementsDetailed' }))).toEqual({
      from: '2025-03-04',
      to: '2025-03-10',
      machineName: 'All',
    });
    expect(reportQueryOf(form({ key: 'machineWorkingStatus', machineName: ' RS-01 ' }))).toMatchObject({
      machineName: 'RS-01',
    });
  });

  it('sends the trailer report its range only when one is given', () => {
    expect(reportQueryOf(form({ key: 'trailers', from: '', to: '', gateInType: 'Import' }))).toEqual({
      trailerType: 'All',
      gateInType: 'Import',
    });
    expect(reportQueryOf(form({ key: 'trailers' }))).toMatchObject({ from: '2025-03-04', to: '2025-03-10' });
  });

  it('pages by 15 from a 1-based start index, except 3.1', () => {
    const gateIn = form({ key: 'gateIn' });
    expect(reportPageQueryOf(gateIn, reportQueryOf(gateIn), 3)).toMatchObject({
      startIndex: 31,
      pageSize: PAGE_SIZES.reports,
    });
    const summary = form({ key: 'machineMovementsSummary', machineName: 'RS-01' });
    expect(reportPageQueryOf(summary, reportQueryOf(summary), 3)).not.toHaveProperty('startIndex');
  });

  it('exports the rows the export dialog chose, as a spreadsheet', () => {
    expect(reportExportQueryOf({ from: '2025-03-01', to: '2025-03-02' }, { startIndex: 16, pageSize: 30 })).toEqual({
      from: '2025-03-01',
      to: '2025-03-02',
      startIndex: 16,
      pageSize: 30,
      format: 'xlsx',
    });
  });

  it('calls the report of its key, and loaded-trailer for the Loaded trailers only', () => {
    for (const type of REPORT_TYPES)
      expect(reportRouteOf({ key: type.key, loadedOnly: true })).toBe(
        type.key === 'trailers' ? 'loadedTrailers' : type.key,
      );
    expect(reportRouteOf({ key: 'trailers', loadedOnly: false })).toBe('trailers');
    expect(reportExportRouteOf('loadedTrailers')).toBe('loadedTrailersExport');
  });
});
