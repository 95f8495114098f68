import { Queue as BullQueue, UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { currentCorrelationId, withCorrelationId } from '../lib/correlation';

export interface JobRequest {
  name: string;
  data: unknown;
  // Deduplicates: a job whose id was seen recently is not queued again (redelivered device messages).
  jobId?: string;
  // The request or device message the job comes from (lib/correlation.ts); the one in hand when the
  // job is queued unless given.
  correlationId?: string;
}

// A job runs with the correlation id it was queued with in hand (currentCorrelationId()).
export type JobHandler = (
  data: unknown,
  job: { name: string; id: string | undefined; attempt: number; correlationId?: string | undefined },
) => Promise<void>;

// The correlation id travels inside the job's data (BullMQ keeps nothing else per job; the embedded
// store keeps the data) under this key, and is taken out again before the job's payload is checked.
const CORRELATION_KEY = 'correlationId';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
function packCorrelation(data: unknown, correlationId: string | undefined): unknown {
  return correlationId !== undefined && isRecord(data) ? { ...data, [CORRELATION_KEY]: correlationId } : data;
}
function unpackCorrelation(data: unknown): { data: unknown; correlationId: string | undefined } {
  if (!isRecord(data) || typeof data[CORRELATION_KEY] !== 'string') return { data, correlationId: undefined };
  const { [CORRELATION_KEY]: correlationId, ...rest } = data;
  return { data: rest, correlationId };
}

// A job whose payload is not the one its name takes (the job catalogue, contracts/src/jobs.ts): it
// fails for good at once, since no retry would mend it.
export class InvalidJobPayload extends Error {
  override readonly name = 'InvalidJobPayload';
}

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
  // Age of the oldest job waiting to start (null: none waits): how far the workers are behind.
  lagMs: number | null;
}

export interface Queue {
  kind: 'memory' | 'bullmq';
  // Resolves once the jobs are queued, and with a store (embedded) once they are in the database.
  addBulk(jobs: readonly JobRequest[]): Promise<void>;
  // Starts processing in this process with one handler per job name.
  process(handlers: ReadonlyMap<string, JobHandler>, options: { concurrency: number }): void;
  // Runs `name` every `everyMs`; with BullMQ only one process runs each tick.
  every(name: string, everyMs: number): Promise<void>;
  stats(): Promise<QueueStats>;
  // Resolves when the queue's store answers (Redis for BullMQ); rejects otherwise (/readyz).
  ping(): Promise<void>;
  failed(): Promise<FailedJob[]>;
  // Stops taking new jobs and waits for the ones in flight. A queue with a store runs its backlog
  // for at most `drainMs` and keeps the rest (and jobs waiting to retry) for the next start.
  close(options?: { drainMs?: number }): Promise<void>;
}

// A job as the embedded queue keeps it in the database (server/src/modules/jobs).
export interface StoredJob {
  id: number;
  name: string;
  jobId: string | undefined;
  data: unknown;
  attempt: number;
}

export interface JobStore {
  // Returns the new rows' ids in the order of the jobs.
  add(jobs: readonly JobRequest[]): Promise<number[]>;
  remove(ids: readonly number[]): Promise<void>;
  setAttempt(id: number, attempt: number): Promise<void>;
  load(): Promise<StoredJob[]>;
}

const ATTEMPTS = 5;
// How often a job may be found stalled (its process died, or its event loop held the lock's renewal
// past stalledMs) and go back to the queue before BullMQ fails it. BullMQ's default is 1: two kills
// of the workers holding it, or a starved event loop, and an OCR frame or a batch file was dropped.
// A job that kills its process every time still fails after these many crashes.
const STALLS_ALLOWED = ATTEMPTS - 1;
const BACKOFF_MS = 500;
const FAILED_KEPT = 1000;
// How long a stop runs the backlog of a queue with a store before it keeps the rest for the next
// start, and how long it then waits for the jobs in flight (an OCR read takes seconds at most).
const DRAIN_MS = 5000;
const IN_FLIGHT_GRACE_MS = 5000;

// The embedded runner: the same job names, retries with exponential backoff and failed-job
// retention as BullMQ, in this process. Bounded: producers wait when the queue is full.
// Without a store, pending jobs live only in memory (tests, and producers whose jobs can be made
// again). With one (the embedded topology), `addBulk` resolves once the jobs are in the database,
// a job's row goes when it completes or fails for good, and `openMemoryQueue` resumes what a
// crash or a stop left, retries included: the same at-least-once promise as BullMQ on Redis.
export function createMemoryQueue({
  logger,
  maxPending = 50_000,
  store,
  restored = [],
}: {
  logger: FastifyBaseLogger;
  maxPending?: number;
  store?: JobStore;
  // Jobs a store kept from the last run, queued first.
  restored?: readonly StoredJob[];
}): Queue {
  // `row` is the job's id in the store; repeatable ticks have none (every() makes them again).
  type Entry = {
    name: string;
    data: unknown;
    id: string | undefined;
    attempt: number;
    row: number | undefined;
    correlationId: string | undefined;
    queuedAt: number;
  };
  const pending: Entry[] = [];
  const seen = new Map<string, number>();
  const failedJobs: FailedJob[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const retrying = new Set<NodeJS.Timeout>();
  const waitingForSpace: (() => void)[] = [];
  const idleWaiters: (() => void)[] = [];
  let handlers: ReadonlyMap<string, JobHandler> | null = null;
  let concurrency = 1;
  let active = 0;
  let completed = 0;
  let closing = false;
  // Set when a stop has run the backlog long enough: no job starts any more.
  let halted = false;

  // Finished rows leave the store together, one statement for all that finished in one turn.
  let finishedRows: number[] = [];
  // Attempts being recorded in the store: a stop waits for them, so a job's retry count survives it.
  const recording = new Set<Promise<void>>();
  function recordAttempt(row: number, attempt: number, onError: (failure: unknown) => void) {
    if (!store) return;
    const write = store.setAttempt(row, attempt).catch(onError);
    recording.add(write);
    void write.finally(() => recording.delete(write));
  }

  let removing: Promise<void> | null = null;
  function removeRow(row: number | undefined) {
    if (row === undefined || !store) return;
    finishedRows.push(row);
    removing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      while (finishedRows.length) {
        const rows = finishedRows;
        finishedRows = [];
        // A row left behind runs again after a restart: its job is idempotent (at-least-once).
        await store
          .remove(rows)
          .catch((error: unknown) => logger.error({ err: error }, 'could not remove finished jobs'));
      }
      removing = null;
    });
  }

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
  const restoredAt = Date.now();
  for (const job of restored) {
    if (job.jobId !== undefined) remember(job.jobId, restoredAt);
    const { data, correlationId } = unpackCorrelation(job.data);
    pending.push({
      name: job.name,
      data,
      id: job.jobId,
      attempt: job.attempt,
      row: job.id,
      correlationId,
      queuedAt: restoredAt,
    });
  }

  function settled() {
    if (active === 0 && (halted || pending.length === 0)) for (const resolve of idleWaiters.splice(0)) resolve();
  }

  function pump() {
    while (handlers && !halted && active < concurrency && pending.length) {
      const entry = pending.shift()!;
      waitingForSpace.shift()?.();
      const handler = handlers.get(entry.name);
      active += 1;
      const run = handler
        ? withCorrelationId(entry.correlationId, () =>
            handler(entry.data, {
              name: entry.name,
              id: entry.id,
              attempt: entry.attempt,
              correlationId: entry.correlationId,
            }),
          )
        : Promise.reject(new Error(`No handler for job ${entry.name}`));
      run
        .then(() => {
          completed += 1;
          removeRow(entry.row);
        })
        .catch((error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          const retry = entry.attempt < ATTEMPTS && !(error instanceof InvalidJobPayload);
          if (retry && closing && entry.row !== undefined) {
            // Stopping: the job keeps its row and its next attempt comes after the restart.
            logger.warn({ job: entry.name, attempt: entry.attempt, err: error }, 'job failed while stopping; kept');
            recordAttempt(entry.row, entry.attempt + 1, () => undefined);
          } else if (retry && !closing) {
            const next = { ...entry, attempt: entry.attempt + 1, queuedAt: Date.now() };
            if (entry.row !== undefined)
              recordAttempt(entry.row, next.attempt, (failure) => {
                logger.error({ err: failure }, 'could not record a job attempt');
              });
            const timer = setTimeout(
              () => {
                retrying.delete(timer);
                pending.push(next);
                pump();
              },
              BACKOFF_MS * 2 ** (entry.attempt - 1),
            );
            retrying.add(timer);
            logger.warn({ job: entry.name, attempt: entry.attempt, err: error }, 'job failed; will retry');
          } else {
            failedJobs.push({ name: entry.name, id: entry.id, data: entry.data, error: message, failedAt: Date.now() });
            if (failedJobs.length > FAILED_KEPT) failedJobs.shift();
            removeRow(entry.row);
            logger.error({ job: entry.name, err: error }, 'job failed for good');
          }
        })
        .finally(() => {
          active -= 1;
          pump();
          settled();
        });
    }
  }

  return {
    kind: 'memory',
    async addBulk(jobs) {
      if (closing) throw new Error('The queue is closing');
      const now = Date.now();
      const inHand = currentCorrelationId();
      const fresh = jobs
        .filter((job) => job.jobId === undefined || remember(job.jobId, now))
        .map((job) => ({ ...job, correlationId: job.correlationId ?? inHand }));
      if (!fresh.length) return;
      while (pending.length >= maxPending) await new Promise<void>((resolve) => waitingForSpace.push(resolve));
      let rows: number[] = [];
      if (store) {
        try {
          rows = await store.add(fresh.map((job) => ({ ...job, data: packCorrelation(job.data, job.correlationId) })));
        } catch (error) {
          // Not stored: the caller does not acknowledge, and a redelivery must be taken again.
          for (const job of fresh) if (job.jobId !== undefined) seen.delete(job.jobId);
          throw error;
        }
      }
      const queuedAt = Date.now();
      fresh.forEach((job, index) =>
        pending.push({
          name: job.name,
          data: job.data,
          id: job.jobId,
          attempt: 1,
          row: rows[index],
          correlationId: job.correlationId,
          queuedAt,
        }),
      );
      pump();
    },
    process(next, options) {
      handlers = next;
      concurrency = options.concurrency;
      pump();
    },
    async every(name, everyMs) {
      const tick = () => {
        // One run at a time: skip the tick while the previous one is queued or running. Ticks are
        // not stored: every() makes them again after a restart.
        if (closing || pending.some((entry) => entry.name === name)) return;
        pending.push({
          name,
          data: {},
          id: undefined,
          attempt: 1,
          row: undefined,
          correlationId: undefined,
          queuedAt: Date.now(),
        });
        pump();
      };
      const timer = setInterval(tick, everyMs);
      timer.unref();
      timers.add(timer);
      tick();
    },
    async stats() {
      const oldest = pending.reduce((at, entry) => Math.min(at, entry.queuedAt), Infinity);
      return {
        waiting: pending.length,
        active,
        completed,
        failed: failedJobs.length,
        lagMs: pending.length ? Date.now() - oldest : null,
      };
    },
    async ping() {},
    async failed() {
      return [...failedJobs];
    },
    async close({ drainMs = DRAIN_MS } = {}) {
      closing = true;
      for (const timer of timers) clearInterval(timer);
      const retryCount = retrying.size;
      for (const timer of retrying) clearTimeout(timer);
      retrying.clear();
      // Without a store nothing survives the process: run everything. With one, run the backlog
      // for drainMs, then leave it stored (a long OCR backlog resumes at the next start).
      const idle = new Promise<void>((resolve) => idleWaiters.push(resolve));
      settled();
      if (!handlers) {
        // A producer only: nothing runs here.
      } else if (store) {
        const drained = await Promise.race([idle.then(() => true), delay(drainMs).then(() => false)]);
        if (!drained) {
          halted = true;
          settled();
          logger.warn({ kept: pending.length, running: active }, 'stopping: queued jobs kept for the next start');
          await Promise.race([idle, delay(IN_FLIGHT_GRACE_MS)]);
        }
      } else {
        if (retryCount) logger.warn({ jobs: retryCount }, 'stopping: jobs waiting to retry are dropped (no store)');
        await idle;
      }
      await Promise.all(recording);
      await removing;
      await Promise.all(recording);
    },
  };
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
  });

// The embedded queue with its store: the jobs a crash or a stop left are queued again first.
export async function openMemoryQueue(options: {
  logger: FastifyBaseLogger;
  maxPending?: number;
  store: JobStore;
}): Promise<Queue> {
  const restored = await options.store.load();
  if (restored.length) options.logger.info({ jobs: restored.length }, 'resuming queued jobs from the last run');
  return createMemoryQueue({ ...options, restored });
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
  // A completed job is kept only for its id, which dedupes a redelivery: one without an id (device
  // messages, hundreds of kilobytes each, deduped by the database) is removed with its payload at once.
  const jobOptions = (job: JobRequest) => (job.jobId ? { jobId: job.jobId } : { removeOnComplete: true });
  const dataOf = (job: JobRequest) => packCorrelation(job.data, job.correlationId ?? currentCorrelationId());
  return {
    kind: 'bullmq',
    async addBulk(jobs) {
      if (!jobs.length) return;
      // Ingest queues one message at a time; a single add costs about half of an addBulk of one
      // (no MULTI around the script).
      if (jobs.length === 1) {
        const [job] = jobs as [JobRequest];
        await queue.add(job.name, dataOf(job), jobOptions(job));
        return;
      }
      await queue.addBulk(jobs.map((job) => ({ name: job.name, data: dataOf(job), opts: jobOptions(job) })));
    },
    process(handlers, options) {
      worker = new Worker(
        name,
        async (job) => {
          const handler = handlers.get(job.name);
          if (!handler) throw new Error(`No handler for job ${job.name}`);
          const { data, correlationId } = unpackCorrelation(job.data);
          try {
            await withCorrelationId(correlationId, () =>
              handler(data, { name: job.name, id: job.id, attempt: job.attemptsMade + 1, correlationId }),
            );
          } catch (error) {
            // BullMQ's own word for "do not retry".
            if (error instanceof InvalidJobPayload) throw new UnrecoverableError(error.message);
            throw error;
          }
        },
        {
          connection,
          prefix,
          concurrency: options.concurrency,
          lockDuration: stalledMs,
          stalledInterval: stalledMs,
          maxStalledCount: STALLS_ALLOWED,
        },
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
      // The oldest waiting job is the last of the wait list (BullMQ pushes new jobs at its head).
      const [oldest] = counts.waiting ? await queue.getJobs(['waiting'], -1, -1) : [];
      return {
        waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0),
        active: counts.active ?? 0,
        completed: counts.completed ?? 0,
        failed: counts.failed ?? 0,
        lagMs: oldest ? Math.max(0, Date.now() - oldest.timestamp) : null,
      };
    },
    async ping() {
      // A command that needs Redis (with Redis away it waits for the reconnect: callers bound it).
      await queue.getJobCounts('waiting');
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
    // Jobs in Redis outlive the process: waiting and delayed ones stay for any workers process.
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}
