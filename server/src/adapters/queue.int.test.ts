import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { reachable, TEST_DATABASE, TEST_SERVICES } from '../test/test-services';
import { currentCorrelationId, withCorrelationId } from '../lib/correlation';
import { createBullQueue, type Queue } from './queue';

// BullMQ on the real Redis, in the PostgreSQL run (the services run); required with CI.
const redisUp = TEST_DATABASE === 'postgres' && (await reachable(TEST_SERVICES.redisUrl, 6379));
if (TEST_DATABASE === 'postgres' && !redisUp && process.env.CI)
  throw new Error(`The BullMQ tests need Redis at ${TEST_SERVICES.redisUrl}`);

const logger = pino({ level: 'silent' });
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function bullQueue() {
  const prefix = `oy-queue-${randomBytes(4).toString('hex')}`;
  const queue: Queue = createBullQueue({ url: TEST_SERVICES.redisUrl, prefix, logger });
  const redis = new Redis(TEST_SERVICES.redisUrl, { maxRetriesPerRequest: 1 });
  cleanups.push(async () => {
    await queue.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  return { queue, redis, key: `${prefix}:openyard` };
}

describe.runIf(redisUp)('BullMQ queue on Redis', () => {
  it('keeps no payload of a completed DeviceMessages job', async () => {
    const { queue, redis, key } = await bullQueue();
    const done: string[] = [];
    queue.process(
      new Map([
        [
          'DeviceMessages',
          async (_data: unknown, job: { id: string | undefined }) => {
            done.push(job.id!);
          },
        ],
      ]),
      { concurrency: 1 },
    );
    const payload = 'P'.repeat(10_000);
    await queue.addBulk([{ name: 'DeviceMessages', data: { messages: [{ payload }] } }]);
    await queue.addBulk([
      { name: 'DeviceMessages', data: { messages: [{ payload }] } },
      { name: 'DeviceMessages', data: { messages: [{ payload }] } },
    ]);
    await eventually(async () => done.length === 3);
    // The completion is written after the handler returns.
    await eventually(async () => (await redis.llen(`${key}:active`)) === 0);
    await eventually(async () => !(await Promise.all(done.map((id) => redis.exists(`${key}:${id}`)))).some(Boolean));
    expect(await redis.zcard(`${key}:completed`)).toBe(0);
    for (const found of await redis.keys(`${key}:*`)) {
      const type = await redis.type(found);
      const text = type === 'hash' ? JSON.stringify(await redis.hgetall(found)) : '';
      expect(text, found).not.toContain(payload.slice(0, 100));
    }
  });

  it('keeps the id of a completed job queued with one, so a redelivery is not queued again', async () => {
    const { queue } = await bullQueue();
    const runs: unknown[] = [];
    queue.process(new Map([['OcrFrame', async (data: unknown) => void runs.push(data)]]), { concurrency: 1 });
    await queue.addBulk([{ name: 'OcrFrame', data: { n: 1 }, jobId: 'camera-1.cameraFrame.m1' }]);
    await eventually(async () => runs.length === 1);
    await eventually(async () => (await queue.stats()).completed === 1);
    // One at a time, in order: had the repeated id been queued, it would run before the next job.
    await queue.addBulk([{ name: 'OcrFrame', data: { n: 2 }, jobId: 'camera-1.cameraFrame.m1' }]);
    await queue.addBulk([{ name: 'OcrFrame', data: { n: 3 }, jobId: 'camera-1.cameraFrame.m2' }]);
    await eventually(async () => runs.length === 2);
    expect(runs).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('carries the correlation id into the job, out of its payload, and answers a ping', async () => {
    const { queue } = await bullQueue();
    const runs: { data: unknown; correlationId: string | undefined; inHand: string | undefined }[] = [];
    queue.process(
      new Map([
        [
          'OcrFrame',
          async (data: unknown, job: { correlationId?: string | undefined }) =>
            void runs.push({ data, correlationId: job.correlationId, inHand: currentCorrelationId() }),
        ],
      ]),
      { concurrency: 1 },
    );
    await withCorrelationId('req-42', () => queue.addBulk([{ name: 'OcrFrame', data: { n: 1 } }]));
    await eventually(async () => runs.length === 1);
    expect(runs).toEqual([{ data: { n: 1 }, correlationId: 'req-42', inHand: 'req-42' }]);
    await expect(queue.ping()).resolves.toBeUndefined();
    expect((await queue.stats()).lagMs).toBeNull();
  });
});
