import { Queue as BullQueue, Worker, type ConnectionOptions } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';

export interface JobRequest {
  name: string;
  data: unknown;
  // Deduplicates: a job whose id was seen recently is not queued again (redelivered device messages).
  jobId?: string;
}

export type JobHandler = (
  data: unknown,
  job: { name: string; id: string | undefined; attempt: number },
) => Promise<void>;

export interface FailedJob {
  name: string;
  id: string | undefined;
  data: unknown;
  error: string;
  failedAt: number;
}

export interface QueueStats {
  waiting: number;
  active: number;
  completed: number;
  failed: number;
}

export interface Queue {
  kind: 'memory' | 'bullmq';
  addBulk(jobs: readonly JobRequest[]): Promise<void>;
  // Starts processing in this process with one handler per job name.
  process(handlers: ReadonlyMap<string, JobHandler>, options: { concurrency: number }): void;
  // Runs `name` every `everyMs`; with BullMQ only one process runs each tick.
  every(name: string, everyMs: number): Promise<void>;
  stats(): Promise<QueueStats>;
  failed(): Promise<FailedJob[]>;
  // Stops taking new jobs and waits for the ones in flight.
  close(): Promise<void>;
}

const ATTEMPTS = 5;
const BACKOFF_MS = 500;
const FAILED_KEPT = 1000;

// The embedded runner: the same job names, retries with exponential backoff and failed-job
// retention as BullMQ, in this process. Pending jobs live in memory: a crash loses them, a
// graceful stop drains them. Bounded: producers wait when the queue is full.
export function createMemoryQueue({
  logger,
  maxPending = 50_000,
}: {
  logger: FastifyBaseLogger;
  maxPending?: number;
}): Queue {
  type Entry = { name: string; data: unknown; id: string | undefined; attempt: number };
  const pending: Entry[] = [];
  const seen = new Map<string, number>();
  const failedJobs: FailedJob[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const waitingForSpace: (() => void)[] = [];
  const idleWaiters: (() => void)[] = [];
  let handlers: ReadonlyMap<string, JobHandler> | null = null;
  let concurrency = 1;
  let active = 0;
  let completed = 0;
  let closing = false;

  // Job ids are remembered for an hour, the last SEEN_MAX of them (as BullMQ keeps completed ids),
  // so a redelivered device message is dropped. The oldest is forgotten first, through a ring: a
  // sweep of the whole map on every add, once it is full, cost milliseconds per job.
  const SEEN_TTL_MS = 60 * 60_000;
  const SEEN_MAX = 200_000;
  const seenOrder: string[] = [];
  let seenOldest = 0;
  function remember(id: string, now: number): boolean {
    const until = seen.get(id);
    if (until !== undefined && until > now) return false;
    if (until === undefined) {
      if (seenOrder.length < SEEN_MAX) seenOrder.push(id);
      else {
        seen.delete(seenOrder[seenOldest]!);
        seenOrder[seenOldest] = id;
        seenOldest = (seenOldest + 1) % SEEN_MAX;
      }
    }
    seen.set(id, now + SEEN_TTL_MS);
    return true;
  }

  function pump() {
    while (handlers && active < concurrency && pending.length) {
      const entry = pending.shift()!;
      waitingForSpace.shift()?.();
      const handler = handlers.get(entry.name);
      active += 1;
      const run = handler
        ? handler(entry.data, { name: entry.name, id: entry.id, attempt: entry.attempt })
        : Promise.reject(new Error(`No handler for job ${entry.name}`));
      run
        .then(() => {
          completed += 1;
        })
        .catch((error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          if (entry.attempt < ATTEMPTS && !closing) {
            const timer = setTimeout(
              () => {
                timers.delete(timer);
                pending.push({ ...entry, attempt: entry.attempt + 1 });
                pump();
              },
              BACKOFF_MS * 2 ** (entry.attempt - 1),
            );
            timers.add(timer);
            logger.warn({ job: entry.name, attempt: entry.attempt, err: error }, 'job failed; will retry');
          } else {
            failedJobs.push({ name: entry.name, id: entry.id, data: entry.data, error: message, failedAt: Date.now() });
            if (failedJobs.length > FAILED_KEPT) failedJobs.shift();
            logger.error({ job: entry.name, err: error }, 'job failed for good');
          }
        })
        .finally(() => {
          active -= 1;
          pump();
          if (active === 0 && pending.length === 0) for (const resolve of idleWaiters.splice(0)) resolve();
        });
    }
  }

  return {
    kind: 'memory',
    async addBulk(jobs) {
      if (closing) throw new Error('The queue is closing');
      const now = Date.now();
      for (const job of jobs) {
        if (job.jobId !== undefined && !remember(job.jobId, now)) continue;
        while (pending.length >= maxPending) await new Promise<void>((resolve) => waitingForSpace.push(resolve));
        pending.push({ name: job.name, data: job.data, id: job.jobId, attempt: 1 });
      }
      pump();
    },
    process(next, options) {
      handlers = next;
      concurrency = options.concurrency;
      pump();
    },
    async every(name, everyMs) {
      const timer = setInterval(() => {
        // One run at a time: skip the tick while the previous one is queued or running.
        if (!pending.some((entry) => entry.name === name))
          void this.addBulk([{ name, data: {} }]).catch(() => undefined);
      }, everyMs);
      timer.unref();
      timers.add(timer);
      await this.addBulk([{ name, data: {} }]);
    },
    async stats() {
      return { waiting: pending.length, active, completed, failed: failedJobs.length };
    },
    async failed() {
      return [...failedJobs];
    },
    async close() {
      closing = true;
      for (const timer of timers) {
        clearTimeout(timer);
        clearInterval(timer);
      }
      if (active > 0 || (handlers && pending.length > 0))
        await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}

const QUEUE_NAME = 'openyard';

export function redisConnection(url: string): ConnectionOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : undefined,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

// BullMQ: the queue of the scaled topology, shared by every workers process. A job whose process
// died is retried by another once its lock (stalledMs) has run out and a stall check has seen it.
export function createBullQueue({
  url,
  prefix,
  stalledMs = 30_000,
  logger,
  name = QUEUE_NAME,
}: {
  url: string;
  prefix: string;
  stalledMs?: number;
  logger: FastifyBaseLogger;
  // A queue of its own (e.g. 'ocr') gets its own concurrency.
  name?: string;
}): Queue {
  const connection = redisConnection(url);
  const queue = new BullQueue(name, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: ATTEMPTS,
      backoff: { type: 'exponential', delay: BACKOFF_MS },
      // Completed ids stay an hour so a redelivered device message is recognised and dropped.
      removeOnComplete: { age: 3600, count: 200_000 },
      removeOnFail: { age: 7 * 24 * 3600, count: FAILED_KEPT },
    },
  });
  let worker: Worker | null = null;
  return {
    kind: 'bullmq',
    async addBulk(jobs) {
      if (!jobs.length) return;
      // Ingest queues one message at a time; a single add costs about half of an addBulk of one
      // (no MULTI around the script).
      if (jobs.length === 1) {
        const [job] = jobs as [JobRequest];
        await queue.add(job.name, job.data, job.jobId ? { jobId: job.jobId } : {});
        return;
      }
      await queue.addBulk(
        jobs.map((job) => ({ name: job.name, data: job.data, opts: job.jobId ? { jobId: job.jobId } : {} })),
      );
    },
    process(handlers, options) {
      worker = new Worker(
        name,
        async (job) => {
          const handler = handlers.get(job.name);
          if (!handler) throw new Error(`No handler for job ${job.name}`);
          await handler(job.data, { name: job.name, id: job.id, attempt: job.attemptsMade + 1 });
        },
        { connection, prefix, concurrency: options.concurrency, lockDuration: stalledMs, stalledInterval: stalledMs },
      );
      worker.on('failed', (job, error) => logger.warn({ job: job?.name, id: job?.id, err: error }, 'job failed'));
      worker.on('error', (error) => logger.error({ err: error }, 'queue worker error'));
    },
    async every(name, everyMs) {
      await queue.upsertJobScheduler(
        name,
        { every: everyMs },
        { name, data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } },
      );
    },
    async stats() {
      const counts = await queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
      return {
        waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0),
        active: counts.active ?? 0,
        completed: counts.completed ?? 0,
        failed: counts.failed ?? 0,
      };
    },
    async failed() {
      const jobs = await queue.getFailed(0, FAILED_KEPT - 1);
      return jobs.map((job) => ({
        name: job.name,
        id: job.id,
        data: job.data as unknown,
        error: job.failedReason,
        failedAt: job.finishedOn ?? 0,
      }));
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}
