// Group commit: callers submit items and wait; items are flushed together (up to maxItems, or
// after maxWaitMs), so a job completes only once the batch holding it has committed. Flushes run
// one at a time. When a batch fails, its items are retried one by one, so one bad item cannot
// fail its neighbours.
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
  let chain: Promise<void> = Promise.resolve();

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

  function schedule() {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const batch = buffer;
    buffer = [];
    if (batch.length) chain = chain.then(() => run(batch));
  }

  return {
    submit(item: T): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        buffer.push({ item, resolve, reject });
        if (buffer.length >= maxItems) schedule();
        else timer ??= setTimeout(schedule, maxWaitMs);
      });
    },
    async drain() {
      schedule();
      await chain;
    },
  };
}

export type Batcher<T> = ReturnType<typeof createBatcher<T>>;
