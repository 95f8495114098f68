import http from 'node:http';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { percentiles } from './stats';

export interface PacedFigures {
  requests: number;
  achievedPerSec: number;
  p50: number | null;
  p99: number | null;
  errors: number;
  non2xx: number;
  kbPerRequest: number;
}

// What both loads take: request i goes to path(i).
interface LoadOptions {
  baseUrl: string;
  durationMs: number;
  path: (index: number) => string;
  headers?: Record<string, string>;
}
export interface PacedOptions extends LoadOptions {
  rate: number;
  timeoutMs?: number;
}
export interface ClosedOptions extends LoadOptions {
  connections: number;
}

// What the load's thread is given: the paths worked out beforehand (a function does not cross
// threads). The closed loop's paths go round (a run makes more requests than are worth working out).
type Plan<Options extends LoadOptions> = Omit<Options, 'path'> & { paths: string[] };
export type PacedPlan = Plan<PacedOptions>;
export type ClosedPlan = Plan<ClosedOptions>;
const CLOSED_LOOP_PATHS = 20_000;

export type LoadPlan = { kind: 'paced'; plan: PacedPlan } | { kind: 'closed'; plan: ClosedPlan };

const BOOT = new URL('./paced-thread-boot.mjs', import.meta.url);

function inThread(load: LoadPlan): Promise<PacedFigures> {
  const worker = new Worker(BOOT, { execArgv: [], workerData: load });
  return new Promise<PacedFigures>((resolve, reject) => {
    worker.once('message', (figures: PacedFigures) => resolve(figures));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load's thread exited (${code}) without figures`)));
  });
}

// An open-loop load at a constant arrival rate (as k6's constant-arrival-rate or wrk2), sent from a
// worker thread of its own. The thread's heap holds only the load: on the bench's main thread, with
// the seeded yard and the grid snapshot in its heap, every few hundred milliseconds of 150 kB
// responses set off a full mark-compact of that heap (external memory), pausing the client for
// 10-25 ms while replies waited unread, and the snapshot's p99 measured the client's GC (17 ms at
// 250/s against 4 ms from a fresh process; `node --trace-gc` showed the pauses).
export function pacedLoad({ path, ...options }: PacedOptions): Promise<PacedFigures> {
  const total = Math.max(1, Math.round((options.rate * options.durationMs) / 1000));
  return inThread({
    kind: 'paced',
    plan: { ...options, paths: Array.from({ length: total }, (_, index) => path(index)) },
  });
}

// What a route carries at most: autocannon, closed loop, `connections` requests in flight, from a
// worker thread of its own too (on the main thread the snapshot's capacity was the client's).
export function closedLoad({ path, ...options }: ClosedOptions): Promise<PacedFigures> {
  return inThread({
    kind: 'closed',
    plan: { ...options, paths: Array.from({ length: CLOSED_LOOP_PATHS }, (_, index) => path(index)) },
  });
}

export async function runClosed({ baseUrl, connections, durationMs, paths, headers = {} }: ClosedPlan) {
  let i = 0;
  const seconds = durationMs / 1000;
  const options: autocannon.Options = {
    url: baseUrl,
    connections,
    duration: seconds,
    headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }],
  };
  // Off the main thread autocannon leaves its figures raw (for the main thread to merge, as its own
  // `workers` option does): they are merged here.
  const raw = await autocannon(options);
  const result = (
    autocannon as unknown as { aggregateResult(results: unknown[], options: autocannon.Options): autocannon.Result }
  ).aggregateResult([raw], options);
  return {
    requests: result.requests.total,
    achievedPerSec: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    // A 304 is the answer the conditional snapshot expects; 4xx and 5xx are failures.
    non2xx: result['4xx'] + result['5xx'],
    kbPerRequest: result.requests.total ? result.throughput.total / result.requests.total / 1024 : 0,
  };
}

// Request i is due at start + i / rate and goes out then, on whichever keep-alive connection is free
// (a new one when none is). Its latency counts from when it was due, so a server (or a client) that
// falls behind shows it in the figures instead of being offered less (no coordinated omission).
//
// autocannon's rate limit works otherwise: each connection sends its share of the second back to back
// as soon as the second starts, then waits for the next. At 1,000/s over 50 connections that is 50
// requests in flight at the top of every second and none at its end, and the p99 it reports is the
// queue of that burst (GET /rest/health: p99 97 ms at "1,000/s", 2 ms at an even 1,000/s).
export async function runPaced({
  baseUrl,
  rate,
  paths,
  headers = {},
  timeoutMs = 10_000,
}: PacedPlan): Promise<PacedFigures> {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = paths.length;
  const latencies: number[] = [];
  let sent = 0;
  let settled = 0;
  let errors = 0;
  let non2xx = 0;
  let bytes = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const done = () => {
      settled += 1;
      if (settled === total) resolve();
    };
    const fire = (index: number, due: number) => {
      const request = http.request({ agent, hostname, port, path: paths[index], headers }, (response) => {
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => {
          latencies.push(performance.now() - due);
          if ((response.statusCode ?? 500) >= 400) non2xx += 1;
          done();
        });
        response.on('error', () => {
          errors += 1;
          done();
        });
      });
      request.setTimeout(timeoutMs, () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        errors += 1;
        done();
      });
      request.end();
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      while (sent < due) {
        fire(sent, started + (sent * 1000) / rate);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  const elapsedMs = performance.now() - started;
  agent.destroy();
  const { p50, p99 } = percentiles(latencies);
  return {
    requests: total,
    achievedPerSec: (latencies.length / elapsedMs) * 1000,
    p50,
    p99,
    errors,
    non2xx,
    kbPerRequest: latencies.length ? bytes / latencies.length / 1024 : 0,
  };
}
