import { messages } from '../messages';

// Users, roles, trailers and PLA cards send a 1-based start: (page-1)*size+1 (spec 3 §9).
export function oneBasedSkip(page: number, pageSize: number): number {
  return (page - 1) * pageSize + 1;
}

// Tasks send a 0-based offset: (page-1)*size.
export function zeroBasedSkip(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

// The row offset a server applies for a 1-based start index (0 and 1 both mean the first row).
export function offsetFromOneBasedSkip(skip: number | undefined): number {
  return Math.max((skip ?? 1) - 1, 0);
}

export function pageCount(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

// Page jump: a whole number between 1 and the page count (spec 1 §5).
export function pageJumpError(input: string, pages: number): string | null {
  const page = Number(input);
  return Number.isInteger(page) && page >= 1 && page <= pages ? null : messages.pageOutOfRange(pages);
}

// Page sizes of the lists (spec 3 §9; device logs spec 1 §9). The containers' Yard tab uses the
// yard's paginationItemsPerPage (metadata) and falls back to `containers`.
export const PAGE_SIZES = {
  users: 15,
  roles: 15,
  containers: 15,
  deviceLogs: 100,
  itvs: 15,
  // Machines: the screen holds every machine (the map shows them all) and pages its list by this.
  machines: 15,
  // The ITV screen's map shows every ITV at once: one page of the largest size the call takes.
  itvLocations: 1000,
  // Trailers, PLA cards and permanent trailers page by the yard's paginationItemsPerPage
  // (metadata, spec 3 §9) and fall back to this.
  trailers: 15,
  // Smart gate dispatch and gate-in reports (issue 16).
  smartGateReports: 15,
  // Tasks and ITV tasks page by the yard's paginationItemsPerPage (metadata, spec 3 §9) and fall
  // back to this; yard exceptions use it too.
  tasks: 15,
  // The allocation list of a day (spec 2 §9: 15 for all lists).
  allocations: 15,
  // The pre-advice list (issue 16).
  preAdvices: 15,
  // Gate passes kept by hand or by sheet (/gate-passes, issue 16).
  gatePasses: 15,
  // Planning's queued containers and plans (spec 2 §9: 15 for all lists); the screen holds them all
  // (the call is not paged) and pages its tables by this.
  planning: 15,
  // The reports (spec 2 §9: page size 15, start index 1-based) and the open alarms.
  reports: 15,
  alarms: 15,
  // The dashboard's trailers inside the yard: the widget lists them all, up to this.
  dashboardTrailers: 200,
} as const;
