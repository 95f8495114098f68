import { useMemo } from 'react';
import { Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { REPORT_COLUMNS, type ReportKey } from '@openyard/contracts';
import { formatReportCell } from '../utils/formatReportCell';

export interface ReportRow {
  key: string;
  values: Record<string, unknown>;
}

// The table's columns of a report: the list the export writes too (REPORT_COLUMNS), each value
// formatted by its column's format. Numbers align right; times and numbers do not wrap. 2.3's last
// row (no area) holds the containers whose location was never updated, and says so.
export function useReportColumns(key: ReportKey, timeZone?: string): ColumnDef<ReportRow>[] {
  return useMemo(
    () =>
      REPORT_COLUMNS[key].map<ColumnDef<ReportRow>>((column) => ({
        id: column.key,
        header: column.header,
        accessorFn: (row) => row.values[column.key],
        cell: ({ row }) => (
          <Text
            inherit
            ta={column.format === 'number' ? 'right' : undefined}
            ff={column.format === 'time' || column.format === 'number' ? 'monospace' : undefined}
            style={column.format === 'text' || column.format === 'list' ? undefined : { whiteSpace: 'nowrap' }}
          >
            {key === 'locationStatistics' && column.key === 'area' && row.original.values.area === null
              ? 'Location not updated'
              : formatReportCell(row.original.values[column.key], column.format, timeZone)}
          </Text>
        ),
      })),
    [key, timeZone],
  );
}
