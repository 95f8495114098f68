import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('batcher (group commit)', () => {
  it('puts the items that arrive during a flush into one next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const batcher = createBatcher<number>({
      flush: async (items) => {
        batches.push(items);
        if (batches.length === 1) await slow;
      },
      maxWaitMs: 5,
    });
    const first = batcher.submit(1);
    await tick(20);
    expect(batches).toEqual([[1]]);
    // While the first flush runs, more items come one by one, further apart than maxWaitMs: they
    // wait for it, then go together.
    const later: Promise<void>[] = [];
    for (const item of [2, 3, 4, 5]) {
      later.push(batcher.submit(item));
      await tick(10);
    }
    expect(batches).toHaveLength(1);
    release();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('splits at maxItems and resolves each item once its batch is written', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher<number>({ flush: async (items) => void batches.push(items), maxItems: 3 });
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map((item) => batcher.submit(item)));
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(3);
  });

  it('retries a failed batch item by item, so only the bad item fails', async () => {
    const batcher = createBatcher<number>({
      flush: async (items) => {
        if (items.includes(13)) throw new Error('bad item');
      },
    });
    const results = await Promise.allSettled([12, 13, 14].map((item) => batcher.submit(item)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('writes the items of one submitAll together and settles when all are written', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher<number>({
      flush: async (items) => {
        batches.push(items);
        if (items.includes(99)) throw new Error('bad item');
      },
    });
    await batcher.submitAll([1, 2, 3]);
    expect(batches).toEqual([[1, 2, 3]]);
    // One bad item fails the whole submission; its neighbours are still written, one by one.
    await expect(batcher.submitAll([4, 99, 5])).rejects.toThrow('bad item');
    expect(batches.slice(1)).toEqual([[4, 99, 5], [4], [99], [5]]);
    await batcher.submitAll([]);
    expect(batches).toHaveLength(5);
  });

  it('drain writes what is waiting at once', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher<number>({ flush: async (items) => void batches.push(items), maxWaitMs: 60_000 });
    const submitted = batcher.submit(7);
    await batcher.drain();
    await submitted;
    expect(batches).toEqual([[7]]);
    await batcher.drain();
  });
});
