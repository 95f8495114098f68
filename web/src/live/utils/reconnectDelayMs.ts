const baseDelayMs = 500;
const maxDelayMs = 30_000;

// Exponential backoff with jitter, capped: a server restart must not see every open tab come back
// in the same instant. `attempt` counts failed attempts since the last stable connection (0 = first).
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt, 16));
  // Between half and all of the ceiling: spread out, yet never an instant retry loop.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
