import { Redis } from 'ioredis';

// Counts per key over fixed one-minute windows, kept in Redis so that every server process of a
// scaled set-up counts the same requests (the public calls' rate limits, lib/public-limits.ts).
export interface SharedMinuteCounter {
  // Counts one request of `key`: the count of its window so far and the milliseconds until it ends.
  // Refuses at once (no queueing, no retry) while Redis is not connected: the caller counts locally.
  take(key: string, windowMs: number): Promise<{ count: number; remainingMs: number }>;
  // Resolves once Redis is connected, or after `withinMs` (then the first requests count locally
  // until it is): a server that starts counts in Redis from its first request.
  ready(withinMs: number): Promise<boolean>;
  close(): Promise<void>;
}

const COMMAND_TIMEOUT_MS = 500;

// One round trip: the count goes up, and the first request of a window sets when it ends.
const TAKE = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local remaining = redis.call('PTTL', KEYS[1])
if remaining < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) remaining = tonumber(ARGV[1]) end
return { count, remaining }`;

export function createRedisMinuteCounter(url: string, prefix: string): SharedMinuteCounter {
  // A Redis that takes a connection and never answers costs a request half a second, not for ever.
  const redis = new Redis(url, {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  // A lost connection is the callers' fallback, not an unhandled error event.
  redis.on('error', () => undefined);
  return {
    async take(key, windowMs) {
      const [count, remainingMs] = (await redis.eval(TAKE, 1, `${prefix}:limits:${key}`, String(windowMs))) as [
        number,
        number,
      ];
      return { count, remainingMs };
    },
    async ready(withinMs) {
      if (redis.status === 'ready') return true;
      return new Promise<boolean>((resolve) => {
        const done = (connected: boolean) => {
          clearTimeout(timer);
          redis.off('ready', onReady);
          resolve(connected);
        };
        const onReady = () => done(true);
        const timer = setTimeout(() => done(false), withinMs);
        redis.once('ready', onReady);
      });
    },
    async close() {
      redis.disconnect();
    },
  };
}
