import { PAGE_SIZES, type Metadata } from '@openyard/contracts';

// The trailers lists page by the yard's paginationItemsPerPage (spec 3 §9).
export function trailersPageSizeOf(metadata: Metadata | null): number {
  return metadata?.paginationItemsPerPage || PAGE_SIZES.trailers;
}
