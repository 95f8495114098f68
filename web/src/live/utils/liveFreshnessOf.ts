import type { LiveFreshness } from './LiveClient';

export type LiveFreshnessTone = 'live' | 'stale' | 'reconnecting';

export interface LiveFreshnessView {
  tone: LiveFreshnessTone;
  label: string;
}

// "4 s", "3 min", "2 h 5 min": how long ago, as a person glancing at a wall reads it.
export function formatAgo(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

// What a staleness indicator says: live (the hub is heard; when the last update came), stale (the
// socket is open but the hub went silent: the client replaces it once the limit passes) or
// reconnecting (and for how long the figures have not been kept up to date).
export function liveFreshnessOf(freshness: LiveFreshness, now: number, silenceLimitMs: number): LiveFreshnessView {
  if (freshness.status !== 'open') {
    const offlineFor = freshness.offlineSince === null ? 0 : now - freshness.offlineSince;
    return { tone: 'reconnecting', label: `Reconnecting… not updated for ${formatAgo(offlineFor)}` };
  }
  const silentFor = freshness.lastHeardAt === null ? 0 : now - freshness.lastHeardAt;
  if (silentFor > silenceLimitMs / 2)
    return { tone: 'stale', label: `No word from the server for ${formatAgo(silentFor)}` };
  const last = freshness.lastMessageAt;
  return { tone: 'live', label: last === null ? 'Live' : `Live · last update ${formatAgo(now - last)} ago` };
}
