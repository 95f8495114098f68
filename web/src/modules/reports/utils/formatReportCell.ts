import type { ReportColumnFormat } from '@openyard/contracts';
import { formatDateTime } from '../../../ui/formatDateTime';

// A text column holds text; anything else is shown as the server sent it.
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const numbers = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

// A report value as the table shows it, by its column's format (contracts/src/rules/report-columns.ts,
// which the export writes too): times in the yard's zone, numbers grouped, yes/no, lists joined.
export function formatReportCell(value: unknown, format: ReportColumnFormat, timeZone?: string): string {
  if (value === null || value === undefined) return '';
  switch (format) {
    case 'time':
      return formatDateTime(Number(value), timeZone);
    case 'number':
      return numbers.format(Number(value));
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'list':
      return Array.isArray(value) ? value.join(', ') : textOf(value);
    case 'text':
      return textOf(value);
  }
}
