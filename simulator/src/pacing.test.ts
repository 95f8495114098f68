import { describe, expect, it } from 'vitest';
import { RateLimiter, Semaphore } from './pacing';

describe('pacing', () => {
  it('bounds the publishes in flight and hands a released permit to the next waiter', async () => {
    const semaphore = new Semaphore(2);
    const signal = new AbortController().signal;
    await semaphore.acquire(signal);
    await semaphore.acquire(signal);
    let third = false;
    const waiting = semaphore.acquire(signal).then(() => (third = true));
    await Promise.resolve();
    expect([third, semaphore.inUse]).toEqual([false, 2]);
    semaphore.release();
    await waiting;
    expect([third, semaphore.inUse]).toEqual([true, 2]);
  });

  it('rejects a waiter when the simulator stops', async () => {
    const semaphore = new Semaphore(1);
    const controller = new AbortController();
    await semaphore.acquire(controller.signal);
    const waiting = semaphore.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('lets a burst through, then spreads the rest at the rate', async () => {
    const limiter = new RateLimiter(100, 5);
    const signal = new AbortController().signal;
    const started = performance.now();
    for (let index = 0; index < 5; index++) await limiter.take(signal);
    expect(performance.now() - started).toBeLessThan(20);
    for (let index = 0; index < 10; index++) await limiter.take(signal);
    // Ten more at 100/s take about 100 ms.
    expect(performance.now() - started).toBeGreaterThan(80);
  });
});
