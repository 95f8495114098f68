import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { isAllOption, REPORT_TYPES, reportDatesProblem, trailerActivityType } from './reports';

describe('report dates (spec 2 §5)', () => {
  it('asks for the from date first, then the to date', () => {
    expect(reportDatesProblem(undefined, undefined)).toBe('Choose from date');
    expect(reportDatesProblem('', '2026-03-01')).toBe(messages.reportChooseFromDate);
    expect(reportDatesProblem('2026-03-01', null)).toBe('Choose to date');
    expect(reportDatesProblem('2026-02-30', '2026-03-01')).toBe('Choose from date');
  });

  it('refuses a range that ends before it starts, and takes a one-day range', () => {
    expect(reportDatesProblem('2026-03-02', '2026-03-01')).toBe('Invalid date range selection');
    expect(reportDatesProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(reportDatesProblem('2025-12-31', '2026-01-01')).toBeNull();
  });
});

describe('report types (spec 2 §9)', () => {
  it('has the 14 ids of the table, each path once, 3.1 alone unpaged, All for machines only in 3.2 and 3.3', () => {
    expect(REPORT_TYPES.map((type) => type.id)).toEqual([
      '1.1',
      '1.2',
      '1.3',
      '2.1',
      '2.2',
      '2.3',
      '2.4',
      '2.5',
      '3.1',
      '3.2',
      '3.3',
      '3.4',
      '4.1',
      '5',
    ]);
    expect(new Set(REPORT_TYPES.map((type) => type.path)).size).toBe(REPORT_TYPES.length);
    expect(REPORT_TYPES.filter((type) => !type.paged).map((type) => type.id)).toEqual(['3.1']);
    expect(REPORT_TYPES.filter((type) => type.machineAll).map((type) => type.id)).toEqual(['3.2', '3.3']);
  });

  it('reads -1, All and nothing as All', () => {
    expect([-1, 'All', undefined, null, ''].every(isAllOption)).toBe(true);
    expect(isAllOption(3)).toBe(false);
    expect(isAllOption('RS-01')).toBe(false);
  });

  it('maps container activities to Loaded and vehicle activities to Empty', () => {
    expect(trailerActivityType('CONTAINER GATE-IN')).toBe('Loaded');
    expect(trailerActivityType('VEHICLE GATE-IN')).toBe('Empty');
    expect(trailerActivityType(null)).toBe('Empty');
  });
});
