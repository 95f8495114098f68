// The All tab pages by 15 rows; the Yard tab by paginationItemsPerPage (spec 1 §9).
export const allTabPageSize = 15;
