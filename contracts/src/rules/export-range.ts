import { messages } from '../messages';

export type ExportPageType = 'current' | 'all' | 'range';

export interface ExportRangeInput {
  pageType: ExportPageType | null | undefined;
  currentPage: number;
  pageSize: number;
  totalCount: number;
  fromPage?: number | null;
  toPage?: number | null;
}

export type ExportRange = { startIndex: number; pageSize: number } | { error: string };

// The export dialog's page options (spec 3 §5): start = (page-1)*pageSize+1, size = pages*pageSize.
export function exportRange(input: ExportRangeInput): ExportRange {
  const { pageType, pageSize } = input;
  if (!pageType) return { error: messages.exportChooseOption };
  if (pageType === 'all') return { startIndex: 1, pageSize: Math.max(input.totalCount, 1) };
  if (pageType === 'current') return { startIndex: (input.currentPage - 1) * pageSize + 1, pageSize };
  const from = input.fromPage ?? 0;
  const to = input.toPage ?? 0;
  if (from <= 0 || to <= 0) return { error: messages.exportZeroPage };
  if (to < from) return { error: messages.exportInvalidRange };
  return { startIndex: (from - 1) * pageSize + 1, pageSize: (to - from + 1) * pageSize };
}
