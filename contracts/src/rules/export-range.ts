import { messages } from '../messages';
import { pageCount } from './paging';

export type ExportPageType = 'current' | 'all' | 'range';

export interface ExportRangeInput {
  pageType: ExportPageType | null | undefined;
  currentPage: number;
  pageSize: number;
  totalCount: number;
  fromPage?: number | null;
  toPage?: number | null;
}

// `notice` says what was changed from what was asked (a range cut at the last page).
export type ExportRange = { startIndex: number; pageSize: number; notice?: string } | { error: string };

// The export dialog's page options (spec 3 §5): start = (page-1)*pageSize+1, size = pages*pageSize.
// A range ending past the last page ends at the last page, with a notice; one starting past it has
// nothing to export.
export function exportRange(input: ExportRangeInput): ExportRange {
  const { pageType, pageSize } = input;
  if (!pageType) return { error: messages.exportChooseOption };
  if (pageType === 'all') return { startIndex: 1, pageSize: Math.max(input.totalCount, 1) };
  if (pageType === 'current') return { startIndex: (input.currentPage - 1) * pageSize + 1, pageSize };
  const from = input.fromPage ?? 0;
  const to = input.toPage ?? 0;
  if (from <= 0 || to <= 0) return { error: messages.exportZeroPage };
  const lastPage = pageCount(input.totalCount, pageSize);
  if (to < from || from > lastPage) return { error: messages.exportInvalidRange };
  const startIndex = (from - 1) * pageSize + 1;
  if (to > lastPage)
    return {
      startIndex,
      pageSize: (lastPage - from + 1) * pageSize,
      notice: messages.exportRangeClamped(from, lastPage),
    };
  return { startIndex, pageSize: (to - from + 1) * pageSize };
}
