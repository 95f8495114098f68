import { PAGE_SIZES, type Metadata } from '@openyard/contracts';

// Tasks and ITV tasks page by the yard's paginationItemsPerPage (spec 3 §9).
export function tasksPageSizeOf(metadata: Metadata | null): number {
  return metadata?.paginationItemsPerPage || PAGE_SIZES.tasks;
}
