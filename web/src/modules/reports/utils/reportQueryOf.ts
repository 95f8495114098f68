import {
  isAllOption,
  oneBasedSkip,
  PAGE_SIZES,
  REPORT_ALL,
  reportType,
  type ReportExportQuery,
  type ReportFilter,
  type ReportQuery,
} from '@openyard/contracts';
import type { ReportForm } from './ReportForm';

const TEXT_FILTERS: readonly ReportFilter[] = ['machineName', 'trailerType', 'gateInType'];

// The report parameters (spec 2 §3) the chosen report takes, from the form: its dates (an optional
// range only when given), its filters with All as -1 or 'All' (spec 2 §9), nothing else.
export function reportQueryOf(form: ReportForm): ReportQuery {
  const type = reportType(form.key);
  const query: ReportQuery = {};
  if (type.dates === 'required' || (type.dates === 'optional' && (form.from || form.to))) {
    query.from = form.from;
    query.to = form.to;
  }
  for (const filter of type.filters) {
    if (TEXT_FILTERS.includes(filter)) {
      const text = (form[filter] as string).trim();
      Object.assign(query, { [filter]: isAllOption(text) ? REPORT_ALL : text });
    } else Object.assign(query, { [filter]: form[filter] });
  }
  return query;
}

// A page of it: the 1-based start index and the page size of spec 2 §9; 3.1 is not paged.
export function reportPageQueryOf(form: ReportForm, query: ReportQuery, page: number): ReportQuery {
  if (!reportType(form.key).paged) return query;
  return { ...query, startIndex: oneBasedSkip(page, PAGE_SIZES.reports), pageSize: PAGE_SIZES.reports };
}

// The export of the rows the export dialog chose (spec 3 §5), as a spreadsheet.
export function reportExportQueryOf(
  query: ReportQuery,
  range: { startIndex: number; pageSize: number },
): ReportExportQuery {
  return { ...query, startIndex: range.startIndex, pageSize: range.pageSize, format: 'xlsx' };
}
