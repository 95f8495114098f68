import { setTimeout as sleep } from 'node:timers/promises';

export type Random = () => number;

// Spreads publishes evenly at `perSecond`, letting a burst of up to `burst` through at once
// (a camera visit sends its frames together). Each caller reserves its slot synchronously, so
// callers are served in order.
export class RateLimiter {
  private readonly intervalMs: number;
  private nextSlotMs = 0;

  constructor(
    perSecond: number,
    private readonly burst: number,
  ) {
    if (!(perSecond > 0)) throw new RangeError('The rate must be above 0');
    this.intervalMs = 1000 / perSecond;
  }

  async take(signal: AbortSignal): Promise<void> {
    const now = performance.now();
    const slot = Math.max(this.nextSlotMs, now);
    this.nextSlotMs = slot + this.intervalMs;
    const waitMs = slot - this.intervalMs * (this.burst - 1) - now;
    if (waitMs > 0) await sleep(waitMs, undefined, { signal });
  }
}

// At most `permits` publishes in flight: QoS 1 until the broker's PUBACK, QoS 0 until written.
// Unbounded in-flight publishing collapses broker throughput (STACK-NOTES: keep it ≈500).
export class Semaphore {
  private available: number;
  private readonly waiters: (() => void)[] = [];

  constructor(readonly permits: number) {
    this.available = permits;
  }

  get inUse(): number {
    return this.permits - this.available;
  }

  async acquire(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    if (this.available > 0) {
      this.available--;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(signal.reason as Error);
      };
      this.waiters.push(waiter);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  release(): void {
    const waiter = this.waiters.shift();
    // A waiting caller takes the permit over directly; otherwise it returns to the pool.
    if (waiter) waiter();
    else this.available++;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export const between = (min: number, max: number, random: Random) => min + random() * (max - min);
