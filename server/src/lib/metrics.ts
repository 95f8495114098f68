import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// The process's Prometheus metrics (GET /metrics, plugins/observability.ts). One per process,
// made by the composition root and handed to the app, the workers and the hub; a test's app makes
// its own. Counters and histograms are counted where the work happens; what is a state (queue
// depth and lag, outbox backlog, pool) is read when Prometheus scrapes, from the sources added here.
export interface QueueSource {
  stats(): Promise<{ waiting: number; active: number; failed: number; lagMs: number | null }>;
}

export interface OutboxSource {
  backlog(): Promise<{ unpublished: number; oldestAgeMs: number | null }>;
}

export interface DatabasePoolSource {
  pool(): { size: number; busy: number };
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics({ defaults = true }: { defaults?: boolean } = {}) {
  const registry = new Registry();
  if (defaults) collectDefaultMetrics({ register: registry, prefix: 'openyard_' });
  const queues = new Map<string, QueueSource>();
  let outbox: OutboxSource | null = null;
  let database: DatabasePoolSource | null = null;
  let websocketClients = () => 0;

  const httpRequestDuration = new Histogram({
    name: 'openyard_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const deviceMessages = new Counter({
    name: 'openyard_device_messages_total',
    help: 'Device messages taken in by ingest, by kind (readerTag, machineTelemetry, cameraFrame, ...) and outcome',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'openyard_jobs_total',
    help: 'Job runs by name and outcome (completed, failed)',
    labelNames: ['name', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'openyard_job_duration_seconds',
    help: 'Job run time by name',
    labelNames: ['name'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const gateSlotAdvice = new Counter({
    name: 'openyard_gate_slot_advice_total',
    help: 'Slots planning gave gate-ins: the advice asked before the yard lock as it was (held), a next ranked slot of it (ranked), or the engine asked again inside the lock (engine)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const inventoryLock = new Histogram({
    name: 'openyard_inventory_lock_seconds',
    help: "The yard's write lock: time a writer waited for it (wait), and time a change held it to its commit (held)",
    labelNames: ['phase'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const ocrRead = new Histogram({
    name: 'openyard_ocr_read_seconds',
    help: 'Time to read one camera frame on an OCR thread',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
    registers: [registry],
  });
  new Gauge({
    name: 'openyard_websocket_clients',
    help: 'Websocket clients connected to this process',
    registers: [registry],
    collect() {
      this.set(websocketClients());
    },
  });
  const queueJobs = new Gauge({
    name: 'openyard_queue_jobs',
    help: 'Jobs of a queue by state (waiting includes delayed retries)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const queueLag = new Gauge({
    name: 'openyard_queue_lag_seconds',
    help: 'Age of the oldest job waiting to start (0 when none waits)',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'openyard_queue_scrape_errors',
    help: 'Queues whose figures could not be read at this scrape',
    registers: [registry],
    async collect() {
      let errors = 0;
      await Promise.all(
        [...queues].map(async ([name, queue]) => {
          try {
            const stats = await withTimeout(queue.stats(), 2000);
            queueJobs.set({ queue: name, state: 'waiting' }, stats.waiting);
            queueJobs.set({ queue: name, state: 'active' }, stats.active);
            queueJobs.set({ queue: name, state: 'failed' }, stats.failed);
            queueLag.set({ queue: name }, (stats.lagMs ?? 0) / 1000);
          } catch {
            errors += 1;
          }
        }),
      );
      this.set(errors);
    },
  });
  const outboxUnpublished = new Gauge({
    name: 'openyard_outbox_unpublished_rows',
    help: 'Outbox rows committed and not yet published on the bus',
    registers: [registry],
  });
  new Gauge({
    name: 'openyard_outbox_lag_seconds',
    help: 'Age of the oldest committed outbox row not yet published (0 when none)',
    registers: [registry],
    async collect() {
      if (!outbox) return;
      const backlog = await withTimeout(outbox.backlog(), 2000).catch(() => null);
      if (!backlog) return;
      outboxUnpublished.set(backlog.unpublished);
      this.set((backlog.oldestAgeMs ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'openyard_db_pool_connections',
    help: 'Database connections of this process: size (the most it opens) and busy (running a statement)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!database) return;
      const pool = database.pool();
      this.set({ state: 'size' }, pool.size);
      this.set({ state: 'busy' }, pool.busy);
    },
  });

  return {
    registry,
    httpRequestDuration,
    deviceMessages,
    jobs,
    jobDuration,
    gateSlotAdvice,
    inventoryLock,
    ocrRead,
    addQueue(name: string, queue: QueueSource) {
      queues.set(name, queue);
    },
    setOutbox(source: OutboxSource) {
      outbox = source;
    },
    setDatabase(source: DatabasePoolSource) {
      database = source;
    },
    setWebsocketClients(count: () => number) {
      websocketClients = count;
    },
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

export function withTimeout<T>(work: Promise<T>, ms: number, what = 'the check'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
