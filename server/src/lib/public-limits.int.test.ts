import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisMinuteCounter, type SharedMinuteCounter } from '../adapters/minute-counter';
import { silentServer } from '../test/silent-server';
import { TEST_SERVICES } from '../test/test-services';
import { sharedBudgets } from './public-limits';

// The public calls' budgets kept in Redis (issue 23): two servers' counters meet in one count, and
// a Redis that is down or never answers leaves each server counting on its own, answering at once.

const counters: SharedMinuteCounter[] = [];
const counter = (url: string, prefix = `oy-limits-${randomUUID()}`) => {
  const made = createRedisMinuteCounter(url, prefix);
  counters.push(made);
  return made;
};
// A port nothing listens on (taken and let go).
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
afterAll(async () => {
  for (const made of counters) await made.close();
});

const allowed = async (budget: { take(key: string): unknown }, times: number, key = '192.0.2.1') => {
  const answers: boolean[] = [];
  for (let i = 0; i < times; i += 1) answers.push(((await budget.take(key)) as { allowed: boolean }).allowed);
  return answers;
};

describe('shared budgets', () => {
  it('count one budget over two servers, per key, with the time left in the window', async () => {
    const prefix = `oy-limits-${randomUUID()}`;
    // Connected before counting: a counter that is not yet counts locally (the next case).
    const [first, second] = [counter(TEST_SERVICES.redisUrl, prefix), counter(TEST_SERVICES.redisUrl, prefix)];
    await expect.poll(async () => (await first.take('warm-up', 60_000).catch(() => null)) !== null).toBe(true);
    await expect.poll(async () => (await second.take('warm-up', 60_000).catch(() => null)) !== null).toBe(true);
    const a = sharedBudgets(first)('login', 3);
    const b = sharedBudgets(second)('login', 3);
    const answers = [...(await allowed(a, 2)), ...(await allowed(b, 2)), ...(await allowed(a, 1))];
    expect(answers).toEqual([true, true, true, false, false]);
    expect(await allowed(b, 1, '192.0.2.2')).toEqual([true]);
    const taken = await a.take('192.0.2.1');
    expect(taken.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(taken.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('count on their own when Redis is down or silent, answering every request', async () => {
    const silent = await silentServer();
    try {
      for (const url of [silent.url, `redis://127.0.0.1:${await closedPort()}`]) {
        const budget = sharedBudgets(counter(url))('login', 2);
        expect(await allowed(budget, 3)).toEqual([true, true, false]);
      }
    } finally {
      await silent.close();
    }
  });
});
