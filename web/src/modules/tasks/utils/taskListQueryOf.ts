import { joinSearchTerms, zeroBasedSkip, type SortOrder } from '@openyard/contracts';

// The "All" page size: limit -1 asks for every row (spec 3 §7: skip -1 and limit -1 mean all).
export const ALL_ROWS = -1;

// The page sizes offered: the yard's own, 50, 100 and all.
export function pageSizeChoices(yardPageSize: number): number[] {
  return [...new Set([yardPageSize, 50, 100])].sort((a, b) => a - b).concat(ALL_ROWS);
}

export interface TaskListView<Field extends string> {
  page: number;
  pageSize: number;
  searchTexts: readonly string[];
  includeCompleted: boolean;
  sort: { sortBy: Field; sortOrder: SortOrder };
}

// The query of a task or ITV task list: the search texts joined by '&*' (spec 3 §7), a 0-based
// skip (spec 3 §9: tasks use (page-1)*size), all rows when the page size is ALL_ROWS.
export function taskListQueryOf<Field extends string>(view: TaskListView<Field>) {
  const searchText = joinSearchTerms(view.searchTexts);
  return {
    ...(searchText ? { searchText } : {}),
    skip: view.pageSize === ALL_ROWS ? 0 : zeroBasedSkip(view.page, view.pageSize),
    limit: view.pageSize,
    includeCompleted: view.includeCompleted,
    sortBy: view.sort.sortBy,
    sortOrder: view.sort.sortOrder,
  };
}
