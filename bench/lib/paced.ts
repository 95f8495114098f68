import http from 'node:http';
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

// An open-loop load at a constant arrival rate (as k6's constant-arrival-rate or wrk2): request i is
// due at start + i / rate and goes out then, on whichever keep-alive connection is free (a new one
// when none is). Its latency counts from when it was due, so a server (or a client) that falls
// behind shows it in the figures instead of being offered less (no coordinated omission).
//
// autocannon's rate limit works otherwise: each connection sends its share of the second back to back
// as soon as the second starts, then waits for the next. At 1,000/s over 50 connections that is 50
// requests in flight at the top of every second and none at its end, and the p99 it reports is the
// queue of that burst (GET /rest/health: p99 97 ms at "1,000/s", 2 ms at an even 1,000/s).
export async function pacedLoad({
  baseUrl,
  rate,
  durationMs,
  path,
  headers = {},
  timeoutMs = 10_000,
}: {
  baseUrl: string;
  rate: number;
  durationMs: number;
  path: (index: number) => string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}): Promise<PacedFigures> {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.max(1, Math.round((rate * durationMs) / 1000));
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
      const request = http.request({ agent, hostname, port, path: path(index), headers }, (response) => {
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
