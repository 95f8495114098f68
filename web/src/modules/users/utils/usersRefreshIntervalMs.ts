// The users list refreshes every two minutes (spec 3 §9).
export const usersRefreshIntervalMs = 120_000;
