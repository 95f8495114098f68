import { describe, expect, it } from 'vitest';
import { REPORT_TYPES } from '@openyard/contracts';
import { labelEvery, locationChartOf, niceMax, summaryChartOf } from './chartData';
import { formatReportCell } from './formatReportCell';
import { GATE_IN_TYPE_NAMES, idOptionsOf, textOptionsOf } from './reportFilterOptions';
import { reportGroupsOf } from './reportGroups';

describe('what the reports screen shows', () => {
  it('lists the 14 report types under five headings, in the order of the spec', () => {
    const groups = reportGroupsOf();
    expect(groups.map((group) => group.label)).toEqual(['Gate', 'Containers', 'Machines', 'Trailers', 'Alarms']);
    expect(groups.flatMap((group) => group.types.map((type) => type.id))).toEqual(REPORT_TYPES.map((type) => type.id));
    expect(groups[2]!.types.map((type) => type.id)).toEqual(['3.1', '3.2', '3.3', '3.4']);
  });

  it('offers All (-1) first, and the machine without All where the report needs one', () => {
    expect(
      idOptionsOf([
        { id: 7, name: 'B' },
        { id: 3, name: 'A' },
      ]),
    ).toEqual([
      { value: '-1', label: 'All' },
      { value: '3', label: 'A' },
      { value: '7', label: 'B' },
    ]);
    expect(textOptionsOf(['RS-10', 'RS-2'], true).map((option) => option.value)).toEqual(['All', 'RS-2', 'RS-10']);
    expect(textOptionsOf(['RS-1'], false).map((option) => option.value)).toEqual(['RS-1']);
    expect(GATE_IN_TYPE_NAMES.filter((name) => name === 'Import')).toHaveLength(1);
    expect(GATE_IN_TYPE_NAMES).toContain('Empty Delivery');
  });

  it('formats a cell by its column: times in the yard zone, numbers, yes/no, lists', () => {
    expect(formatReportCell(Date.parse('2025-03-09T18:31:00Z'), 'time', 'Asia/Kolkata')).toBe('2025-03-10 00:01:00');
    expect(formatReportCell(72.456, 'number')).toBe('72.46');
    expect(formatReportCell(12345, 'number')).toBe('12,345');
    expect(formatReportCell(true, 'boolean')).toBe('Yes');
    expect(formatReportCell(false, 'boolean')).toBe('No');
    expect(formatReportCell(['A', 'B'], 'list')).toBe('A, B');
    expect(formatReportCell(null, 'time')).toBe('');
  });

  it('charts 2.3 by area, stacked by how, with the never-located count of the last row', () => {
    const row = (area: string | null, machine: number, manual: number, gate: number, notUpdated = 0) => ({
      areaId: area ? 1 : null,
      area,
      moves: machine + manual + gate,
      machineMoves: machine,
      manualMoves: manual,
      gateMoves: gate,
      containers: 1,
      notUpdated,
    });
    expect(locationChartOf([row('A', 1, 2, 3), row('B', 0, 0, 0), row(null, 0, 0, 0, 4)])).toEqual({
      bars: [{ label: 'A', parts: [1, 2, 3], total: 6 }],
      notUpdated: 4,
    });
  });

  it('charts 3.1 as productive and waste drops per day', () => {
    expect(
      summaryChartOf([{ day: '2025-03-10', picks: 3, drops: 3, tasksCompleted: 1, productiveMoves: 1, wasteMoves: 2 }]),
    ).toEqual([{ label: '2025-03-10', parts: [1, 2], total: 3 }]);
  });

  it('thins the labels that would not fit and rounds the scale up', () => {
    expect(labelEvery(5, 800, 72)).toBe(1);
    expect(labelEvery(31, 800, 72)).toBe(3);
    expect(labelEvery(0, 800, 72)).toBe(1);
    expect([0, 1, 3, 7, 12, 51, 100, 101].map(niceMax)).toEqual([1, 1, 5, 10, 20, 100, 100, 200]);
  });
});
