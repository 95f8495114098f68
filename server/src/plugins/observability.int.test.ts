import { createServer, type AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBullQueue } from '../adapters/queue';
import { outboxEvents } from '../db/schema';
import { createMetrics } from '../lib/metrics';
import { createTestApp, type TestApp } from '../test/test-app';
import { metricValue } from '../test/metrics';
import { buildProbeApp, tcpReachable } from './observability';

// GET /metrics, /livez, /readyz and the request id (plugins/observability.ts, docs/deployment.md).
let t: TestApp;
let tokened: TestApp;
const METRICS_TOKEN = 'scrape-token-0123456789';
beforeAll(async () => {
  t = await createTestApp();
  tokened = await createTestApp({ env: { METRICS_TOKEN }, demo: false });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await tokened?.close();
});

// A port on the loopback that nothing listens on.
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const healthCount = async (app: TestApp) => {
  const text = (await app.app.inject({ url: '/metrics' })).body;
  const line = text
    .split('\n')
    .find((row) =>
      row.startsWith(
        'openyard_http_request_duration_seconds_count{method="GET",route="/rest/health",status_code="200"}',
      ),
    );
  return line ? Number(line.split(' ').pop()) : 0;
};

describe('/metrics', () => {
  it('counts a request in the histogram of its route pattern', async () => {
    const before = await healthCount(t);
    expect((await t.app.inject({ url: '/rest/health' })).statusCode).toBe(200);
    expect(await healthCount(t)).toBe(before + 1);
    const session = await t.login('superadmin');
    await t.app.inject({ url: '/rest/yard/container/MSCU1234565', headers: session.auth });
    const text = (await t.app.inject({ url: '/metrics' })).body;
    // The pattern, never the raw URL (one series per route, not per container).
    expect(text).toMatch(
      /openyard_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/rest\/yard\/container\/:[a-zA-Z]+"/,
    );
    expect(text).not.toContain('MSCU1234565');
    for (const name of [
      'openyard_websocket_clients',
      'openyard_db_pool_connections{state="size"}',
      'openyard_process_cpu_seconds_total',
      'openyard_nodejs_eventloop_lag_seconds',
    ])
      expect(text).toContain(name);
  });

  it("times the yard's write lock: each writer's wait, and each change's hold to its commit", async () => {
    const lock = async () => ({
      waits: await metricValue(t, 'openyard_inventory_lock_seconds_count{phase="wait"}'),
      holds: await metricValue(t, 'openyard_inventory_lock_seconds_count{phase="held"}'),
      heldSeconds: await metricValue(t, 'openyard_inventory_lock_seconds_sum{phase="held"}'),
    });
    const before = await lock();
    await t.services.inventory.change(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const after = await lock();
    expect(after.waits).toBeGreaterThan(before.waits);
    expect(after.holds).toBeGreaterThan(before.holds);
    // The hold runs from the lock to the commit: at least the 50 ms the change took.
    expect(after.heldSeconds - before.heldSeconds).toBeGreaterThanOrEqual(0.05);
  });

  it('answers only the loopback without METRICS_TOKEN, and only the token with it', async () => {
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    // A forged X-Forwarded-For does not make a remote client local.
    expect(
      (
        await t.app.inject({
          url: '/metrics',
          remoteAddress: '203.0.113.9',
          headers: { 'x-forwarded-for': '127.0.0.1' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await tokened.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await tokened.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } }))
        .statusCode,
    ).toBe(403);
    const scraped = await tokened.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain');
  });
});

describe('/livez and /readyz', () => {
  it('are live and ready with the database answering; /rest/health stays as the spec has it', async () => {
    expect((await t.app.inject({ url: '/livez' })).json()).toEqual({ status: 'live' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ready: true, checks: { database: 'ok' } });
    expect((await t.app.inject({ url: '/rest/health' })).statusCode).toBe(200);
  });

  it('is not ready while the broker or Redis does not answer', async () => {
    const [redisPort, brokerPort] = [await deadPort(), await deadPort()];
    const logger = pino({ level: 'silent' });
    const queue = createBullQueue({ url: `redis://127.0.0.1:${redisPort}`, prefix: 'oy-readyz', logger });
    const probes = await buildProbeApp({
      metrics: createMetrics({ defaults: false }),
      logger,
      checks: {
        database: async () => undefined,
        queue: () => queue.ping(),
        broker: () => tcpReachable(`mqtt://127.0.0.1:${brokerPort}`, 1883),
      },
    });
    try {
      const response = await probes.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      const body = response.json<{ ready: boolean; checks: Record<string, string> }>();
      expect(body.ready).toBe(false);
      expect(body.checks.database).toBe('ok');
      expect(body.checks.queue).toMatch(/queue took longer than 2000 ms/);
      expect(body.checks.broker).toMatch(new RegExp(`127\\.0\\.0\\.1:${brokerPort}`));
      expect((await probes.inject({ url: '/livez' })).statusCode).toBe(200);
    } finally {
      await probes.close();
      await Promise.race([queue.close(), new Promise((resolve) => setTimeout(resolve, 1000))]);
    }
  });
});

describe('the request id', () => {
  it('takes a sane x-request-id, answers it, and puts it on the events the request commits', async () => {
    const session = await t.login('superadmin');
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/gate',
      headers: { ...session.auth, 'x-request-id': 'proxy-req-0042' },
      payload: { name: 'Correlated gate', type: 'IN', positionLat: 18.95, positionLong: 72.95 },
    });
    expect(response.statusCode).toBeLessThan(300);
    expect(response.headers['x-request-id']).toBe('proxy-req-0042');
    const [row] = await t.db.select().from(outboxEvents).orderBy(desc(outboxEvents.id)).limit(1);
    expect(row!.payload).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'gate.changed', correlationId: 'proxy-req-0042' })]),
    );
  });

  it('makes its own for a missing or insane one', async () => {
    const bad = await t.app.inject({ url: '/rest/health', headers: { 'x-request-id': 'two words\nand a newline' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.app.inject({ url: '/rest/health' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers['x-request-id']).not.toBe(bad.headers['x-request-id']);
  });
});
