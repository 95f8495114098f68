// How often screens reload what no live message announces, and how long read-mostly lists stay
// fresh, in milliseconds.
export const REFRESH_INTERVALS_MS = {
  // The users list reloads every two minutes (last access changes with every login).
  users: 120_000,
} as const;

export const STALE_TIMES_MS = {
  // Master-data lists (sizes, types, processes, ...) change rarely.
  masterLists: 5 * 60_000,
  readerTypes: 10 * 60_000,
  // The client's default for everything else.
  default: 30_000,
} as const;
