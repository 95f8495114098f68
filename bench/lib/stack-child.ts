// The Openyard process under test, started by the bench with `fork` so that the load generator and
// the measuring websocket client do not share its event loop. It runs startOpenyard for the config
// the bench sends (as runtime/src/test/test-stack.ts does) and answers the bench's questions over IPC:
// counts of persisted rows, CPU and event-loop figures, pipeline stage timings, a CPU profile.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { Server } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { like, sql } from 'drizzle-orm';
import pino from 'pino';
import { SERVICE_USERNAME, startEmbeddedBroker, type EmbeddedBroker } from '@openyard/server/adapters/broker';
import { loadConfig } from '@openyard/server/config';
import { ingestClientIds as mqttClientIds } from '@openyard/contracts';
import { rowsOf } from '@openyard/server/db/bulk-insert';
import { tagReads } from '@openyard/server/db/schema';
import { machinePositions } from '@openyard/server/db/schema';
import { startOpenyard } from '@openyard/runtime/process';
import type { ChildSample, Envelope, Percentiles, ProfileSummary, Reply, Responses } from './protocol';
import { percentiles } from '../../loadtest/node/stats';

// The embedded broker listens on every interface (it is not given HOST); the bench keeps
// everything on the loopback interface.
// eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the server as `this`
const listen = Server.prototype.listen as (this: Server, ...args: unknown[]) => Server;
Server.prototype.listen = function patchedListen(this: Server, ...args: unknown[]) {
  if (args[1] === '0.0.0.0' || args[1] === '::') args[1] = '127.0.0.1';
  return listen.apply(this, args);
} as typeof Server.prototype.listen;

const logger = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'warn' });
let stack: Awaited<ReturnType<typeof startOpenyard>> | null = null;
let ceilingBroker: EmbeddedBroker | null = null;
let ingestClientIds: string[] = [];

// Stage timings of tag reads as the bus delivers them, and transaction counts.
let publishToTransaction: number[] = [];
let transactionToBus: number[] = [];
let transactions = 0;
let transactionMs = 0;
const statementKinds = new Map<string, number>();

// Counts SQL statements by kind through Drizzle's query logger (transactions reuse the options).
function statementKind(raw: string) {
  const query = raw.slice(0, 400).trim().replace(/\s+/g, ' ');
  const write = /^(insert into|update|delete from) "(\w+)"/.exec(query);
  if (write) return `${write[1]} ${write[2]}`;
  const read = /^select .*? from "(\w+)"/.exec(query);
  if (read) return `select ${read[1]}${/ for update/.test(query) ? ' for update' : ''}`;
  return query.split(' ')[0]!.toLowerCase();
}
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let lastCpu = process.cpuUsage();
let lastSampleAt = performance.now();
let profiler: Session | null = null;
let lastIngestQueued = 0;

function clip(values: number[]): Percentiles {
  return percentiles(values);
}

async function start(env: Record<string, string>): Promise<Responses['start']> {
  const config = loadConfig(env);
  ingestClientIds = config.mqttUrl ? mqttClientIds(config.ingestClientId, config.ingestConnections) : [];
  stack = await startOpenyard(config, logger);
  const db = stack.database.db;
  // Time every transaction (device-message batches, outbox relay, API writes): the batch
  // transaction is where group commit spends its time.
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<typeof transaction>) => {
    const began = performance.now();
    try {
      return await transaction(...args);
    } finally {
      transactions += 1;
      transactionMs += performance.now() - began;
    }
  }) as typeof db.transaction;
  const session = (db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  const counter = {
    logQuery(query: string) {
      const kind = statementKind(query);
      statementKinds.set(kind, (statementKinds.get(kind) ?? 0) + 1);
    },
  };
  session.logger = counter;
  session.options.logger = counter;
  stack.bus.subscribe((events) => {
    const now = Date.now();
    for (const event of events) {
      if (event.type !== 'gate.tagRead') continue;
      publishToTransaction.push(event.at - event.data.tagRead.readAt);
      transactionToBus.push(now - event.at);
    }
  });
  return {
    baseUrl: stack.address!.replace('0.0.0.0', '127.0.0.1'),
    brokerUrl: stack.broker?.url ?? null,
    ingestClientIds,
  };
}

async function sample(): Promise<ChildSample> {
  const now = performance.now();
  const cpu = process.cpuUsage(lastCpu);
  const elapsedMs = now - lastSampleAt;
  lastCpu = process.cpuUsage();
  lastSampleAt = now;
  const ingest = stack?.workers?.ingest.stats() ?? { received: 0, queued: 0, rejected: 0 };
  const result: ChildSample = {
    elapsedMs,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
    eventLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    eventLoopDelayMaxMs: loopDelay.max / 1e6,
    transactions,
    transactionMs,
    statements: [...statementKinds.values()].reduce((sum, value) => sum + value, 0),
    statementKinds: [...statementKinds]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([kind, count]) => ({ kind, count })),
    publishToTransaction: clip(publishToTransaction),
    transactionToBus: clip(transactionToBus),
    ingest,
    ingestQueued: ingest.queued - lastIngestQueued,
    rssMb: process.memoryUsage().rss / 1024 / 1024,
  };
  loopDelay.reset();
  publishToTransaction = [];
  transactionToBus = [];
  transactions = 0;
  transactionMs = 0;
  statementKinds.clear();
  lastIngestQueued = ingest.queued;
  return result;
}

async function count(prefix: string): Promise<Responses['count']> {
  const db = stack!.database.db;
  const n = sql<number>`count(*)::int`;
  const [tags] = await db
    .select({ n })
    .from(tagReads)
    .where(like(tagReads.messageId, `${prefix}%`));
  const [positions] = await db
    .select({ n })
    .from(machinePositions)
    .where(like(machinePositions.messageId, `${prefix}%`));
  return { tagReads: tags?.n ?? 0, machinePositions: positions?.n ?? 0 };
}

// Where the process spends its CPU, by component (self time of the sampled functions).
const CATEGORIES: [string, RegExp][] = [
  ['PGlite (embedded PostgreSQL, wasm)', /@electric-sql\/pglite|^wasm:/],
  ['postgres driver', /node_modules\/postgres\//],
  ['drizzle-orm (query building, row mapping)', /drizzle-orm/],
  ['BullMQ + ioredis', /node_modules\/(bullmq|ioredis|@ioredis|cluster-key-slot|msgpackr)/],
  ['aedes broker', /node_modules\/(aedes|aedes-[a-z-]+|mqemitter|qlobber|fastfall|fastparallel|fastseries)/],
  [
    'MQTT codec + client (mqtt-packet, mqtt.js)',
    /node_modules\/(mqtt-packet|mqtt|bl|readable-stream|number-allocator)\//,
  ],
  ['websocket + Fastify', /node_modules\/(ws|fastify|@fastify|find-my-way|light-my-request|avvio)\//],
  ['TypeBox validation', /node_modules\/typebox/],
  ['pino logging', /node_modules\/(pino|sonic-boom)/],
  ['ingest (workers/src/ingest)', /workers\/src\/ingest/],
  ['queue adapter + batcher', /server\/src\/(adapters\/queue|lib\/batcher)/],
  ['device messages service', /server\/src\/modules\/devices/],
  ['outbox relay + bus', /server\/src\/(modules\/outbox|adapters\/bus)/],
  ['websocket hub (server/src/live)', /server\/src\/live/],
  ['other Openyard code', /\/work\/|\/server\/src\/|\/workers\/src\/|\/contracts\/src\//],
  ['Node.js core (net, streams, timers)', /^node:/],
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

function summarise(profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[] }) {
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const hits = new Map<number, number>();
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  const totalSamples = profile.samples?.length ?? 1;
  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let idle = 0;
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    if (!count) continue;
    const { functionName, url } = node.callFrame;
    if (functionName === '(idle)') {
      idle += count;
      continue;
    }
    let category = 'V8 built-ins (JSON, Buffer, regexp, ...)';
    if (functionName === '(garbage collector)') category = 'garbage collector';
    else if (functionName === '(program)') category = 'V8/native (program)';
    else category = CATEGORIES.find(([, pattern]) => pattern.test(url))?.[0] ?? category;
    byCategory.set(category, (byCategory.get(category) ?? 0) + count);
    const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/\/work\/main\//, '');
    const key = `${functionName || '(anonymous)'} ${where ? `${where}:${node.callFrame.lineNumber + 1}` : ''}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + count);
  }
  const busy = totalSamples - idle || 1;
  const ranked = (map: Map<string, number>, limit: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, value]) => ({ name, percent: (value / busy) * 100 }));
  const summary: ProfileSummary = {
    totalMs,
    idlePercent: (idle / totalSamples) * 100,
    categories: ranked(byCategory, 20),
    topFunctions: ranked(byFunction, 15),
  };
  return summary;
}

async function handle(request: Envelope): Promise<unknown> {
  switch (request.op) {
    case 'ceilingBroker': {
      // The same broker code as the embedded topology (aedes with Openyard's authentication and ACL),
      // with nothing subscribed but the bench's subscriber: the broker's own ceiling.
      const password = randomBytes(16).toString('hex');
      ceilingBroker = await startEmbeddedBroker({
        port: 0,
        host: '127.0.0.1',
        servicePassword: password,
        checkDevice: async () => 'accepted' as const,
        logger,
      });
      return { url: ceilingBroker.url, username: SERVICE_USERNAME, password } satisfies Responses['ceilingBroker'];
    }
    case 'ceilingBrokerStop':
      await ceilingBroker?.close();
      ceilingBroker = null;
      return null;
    case 'start':
      return start(request.env);
    case 'sample':
      return sample();
    case 'count':
      return count(request.prefix);
    case 'sql': {
      const { db } = stack!.database;
      if (request.timeoutMs === undefined) return rowsOf(await db.execute(sql.raw(request.text)));
      const timeoutMs = Math.max(0, Math.floor(request.timeoutMs));
      return db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local statement_timeout = ${timeoutMs}`));
        return rowsOf(await tx.execute(sql.raw(request.text)));
      });
    }
    case 'memory': {
      const usage = process.memoryUsage();
      const mb = (bytes: number) => bytes / 1024 / 1024;
      return {
        rssMb: mb(usage.rss),
        heapUsedMb: mb(usage.heapUsed),
        externalMb: mb(usage.external),
      } satisfies Responses['memory'];
    }
    case 'taskDashboardRebuild': {
      const began = performance.now();
      await stack!.services.taskDashboard.rebuild();
      return { ms: performance.now() - began } satisfies Responses['taskDashboardRebuild'];
    }
    case 'profileStart':
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 500 });
      await profiler.post('Profiler.start');
      return null;
    case 'profileStop': {
      if (!profiler) throw new Error('not profiling');
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      // The whole profile for a closer look (Chrome DevTools, or `node --cpu-prof` tooling).
      if (process.env.BENCH_PROFILE_FILE) writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(profile));
      profiler = null;
      return summarise(profile);
    }
    case 'stop':
      await stack?.stop();
      stack = null;
      await ceilingBroker?.close();
      return null;
  }
}

process.on('message', (message: Envelope) => {
  handle(message).then(
    (result) => process.send!({ id: message.id, ok: true, result } satisfies Reply),
    (error: unknown) =>
      process.send!({
        id: message.id,
        ok: false,
        // Drizzle wraps a database's refusal: its own words are the cause's.
        error:
          error instanceof Error
            ? `${error.stack ?? error.message}${error.cause instanceof Error ? `\ncause: ${error.cause.message}` : ''}`
            : String(error),
      } satisfies Reply),
  );
});
process.on('disconnect', () => {
  // The bench went away: stop cleanly so PGlite closes its files.
  void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
});
process.send!({ id: 0, ok: true, result: 'ready' } satisfies Reply);
