// How often screens reload what no live message announces, and how long read-mostly lists stay
// fresh, in milliseconds.
export const REFRESH_INTERVALS_MS = {
  // The users list reloads every two minutes (last access changes with every login).
  users: 120_000,
} as const;

// The configured refresh interval (seconds) a screen's timed reload needs to exceed: 30 s for the
// lists of spec 3 §9 (tasks, ITV tasks, machine locations, trailers) and the inventory, 50 s for
// planning's queued containers (spec 2 §9).
export const DATA_REFRESH_ABOVE_SECONDS = { lists: 30, planning: 50 } as const;

// Lists that reload on the yard's dataRefreshRate (seconds, metadata) do so only when it is above
// the screen's threshold (DATA_REFRESH_ABOVE_SECONDS); false: no timed reload.
export function dataRefreshIntervalMs(
  dataRefreshRate: number | undefined,
  aboveSeconds: number = DATA_REFRESH_ABOVE_SECONDS.lists,
): number | false {
  return dataRefreshRate !== undefined && dataRefreshRate > aboveSeconds ? dataRefreshRate * 1000 : false;
}

// How long a screen that reloads on live messages (rather than applying them as deltas) gathers a
// burst of them into one reload: a yard completing tasks every second reloads the task dashboard's
// figures at most twice a second.
export const LIVE_RELOAD_COALESCE_MS = {
  taskDashboard: 500,
} as const;

export const STALE_TIMES_MS = {
  // Master-data lists (sizes, types, processes, ...) change rarely.
  masterLists: 5 * 60_000,
  readerTypes: 10 * 60_000,
  // The client's default for everything else.
  default: 30_000,
} as const;
