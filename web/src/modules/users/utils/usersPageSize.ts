// Users and roles page by 15 rows regardless of paginationItemsPerPage (spec 3 §9).
export const usersPageSize = 15;
