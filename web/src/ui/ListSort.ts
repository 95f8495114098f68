import type { SortOrder } from '@openyard/contracts';

// A list sorted by the server across all its pages: a column's name as the call names it
// (sortBy) and the direction (sortOrder).
export interface ListSort<Field extends string = string> {
  sortBy: Field;
  sortOrder: SortOrder;
}
