// Group commit: callers submit items and wait; items are flushed together, so a job completes only
// once the batch holding it has committed. Flushes run one at a time: items that arrive while one
// runs wait for it and then go together into the next (up to maxItems); an item that finds no flush
// running waits at most maxWaitMs for company. When a batch fails, its items are retried one by
// one, so one bad item cannot fail its neighbours.
export function createBatcher<T>({
  flush,
  maxItems = 500,
  maxWaitMs = 15,
}: {
  flush: (items: T[]) => Promise<void>;
  maxItems?: number;
  maxWaitMs?: number;
}) {
  type Waiting = { item: T; resolve: () => void; reject: (error: unknown) => void };
  let buffer: Waiting[] = [];
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;

  async function run(batch: Waiting[]) {
    try {
      await flush(batch.map((entry) => entry.item));
      for (const entry of batch) entry.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const entry of batch) {
        try {
          await flush([entry.item]);
          entry.resolve();
        } catch (single) {
          entry.reject(single);
        }
      }
    }
  }

  // Flushes until the buffer is empty, taking whatever gathered during the previous flush.
  async function flushAll() {
    while (buffer.length) {
      const batch = buffer.slice(0, maxItems);
      buffer = buffer.slice(maxItems);
      await run(batch);
    }
    flushing = null;
  }

  function start() {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (!flushing && buffer.length) flushing = flushAll();
  }

  function submit(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      buffer.push({ item, resolve, reject });
      if (flushing) return;
      if (buffer.length >= maxItems) start();
      else timer ??= setTimeout(start, maxWaitMs);
    });
  }

  return {
    submit,
    // Several items that complete together: settles when all of them are written (rejecting with
    // the first failure).
    submitAll(items: readonly T[]): Promise<void> {
      return Promise.all(items.map(submit)).then(() => undefined);
    },
    async drain() {
      start();
      await flushing;
    },
  };
}

export type Batcher<T> = ReturnType<typeof createBatcher<T>>;
