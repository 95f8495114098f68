// When the data a screen shows last took in a live message: each list or record kept live is
// stamped with the `at` (the event's time) of the newest message applied to it, and a snapshot
// fetched again after such a message carries the stamp on (it holds the change too). Kept beside
// the data, not in it, so that the cached data stays the server's shape; read by the wall display's
// tiles (`data-live-at`, docs/live.md).
const stamps = new WeakMap<object, number>();

// Stamps `data` (an object or array in the query cache) with `at`, unless it holds a later stamp.
export function stampLiveAt<T>(data: T, at: number | null | undefined): T {
  if (typeof data === 'object' && data !== null && typeof at === 'number' && Number.isFinite(at))
    stamps.set(data, Math.max(at, stamps.get(data) ?? at));
  return data;
}

// The newest stamp of the data given (those not live or not stamped yet count for nothing), or
// null when none is stamped.
export function liveAtOf(...data: unknown[]): number | null {
  let newest: number | null = null;
  for (const each of data) {
    const at = typeof each === 'object' && each !== null ? stamps.get(each) : undefined;
    if (at !== undefined && (newest === null || at > newest)) newest = at;
  }
  return newest;
}
