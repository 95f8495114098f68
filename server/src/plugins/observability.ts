import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Socket } from 'node:net';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { saneCorrelationId, withCorrelationId } from '../lib/correlation';
import { withTimeout, type Metrics } from '../lib/metrics';
import { forbidden, unauthenticated } from '../errors';

// What a process serves to its operators' tools rather than to users (docs/deployment.md):
//   GET /livez    the process answers (its event loop turns): restart it when this fails;
//   GET /readyz   200 only when the database, the queue and the MQTT broker answer, else 503 with the
//                 failing part: take it out of the load balancer while it is not ready;
//   GET /metrics  Prometheus text (lib/metrics.ts), with METRICS_TOKEN as a bearer token, or without
//                 one only from the loopback (the socket's address; X-Forwarded-For is not believed).
// And on every request: its id is the client's or proxy's `x-request-id` when it is a sane one (else
// a new UUID), sent back in `x-request-id`, in every log line of the request, and in hand (lib/
// correlation.ts) for the jobs and events the request causes; its time goes to the histogram of its
// route pattern (`/rest/yard/container/:containerNumber`, never the raw URL).

// A part the process needs, checked for /readyz: resolves when it answers.
export type ReadinessChecks = Readonly<Record<string, () => Promise<unknown>>>;

const CHECK_TIMEOUT_MS = 2000;

export async function readiness(checks: ReadinessChecks) {
  const results: Record<string, string> = {};
  await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), CHECK_TIMEOUT_MS, name);
        results[name] = 'ok';
      } catch (error) {
        results[name] = error instanceof Error ? error.message : String(error);
      }
    }),
  );
  return { ready: Object.values(results).every((result) => result === 'ok'), checks: results };
}

// Whether something accepts TCP connections at the URL's host and port (an external MQTT broker,
// which the API processes have no connection to of their own).
export function tcpReachable(url: string, defaultPort: number): Promise<void> {
  const parsed = new URL(url);
  const port = Number(parsed.port || defaultPort);
  return new Promise<void>((resolve, reject) => {
    const socket = new Socket();
    socket.setTimeout(CHECK_TIMEOUT_MS);
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error(`${parsed.hostname}:${port} did not answer`));
    });
    socket.once('error', (error) => reject(new Error(`${parsed.hostname}:${port}: ${error.message}`)));
    socket.connect(port, parsed.hostname.replace(/^\[|\]$/g, ''));
  });
}

// The request id: the caller's when it is a sane one, so a proxy's id follows the request through.
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  return saneCorrelationId(request.headers['x-request-id']) ?? randomUUID();
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function checkMetricsAccess(request: FastifyRequest, token: string | undefined) {
  if (token) {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw unauthenticated();
    if (!sameSecret(header.slice(7), token)) throw forbidden();
    return;
  }
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) throw forbidden();
}

const operatorRoute = { access: { public: true as const }, rateLimit: false as const };

export const observabilityPlugin = fp<{ metrics: Metrics; metricsToken?: string | undefined; checks: ReadinessChecks }>(
  async (app: FastifyInstance, { metrics, metricsToken, checks }) => {
    // First of all hooks: everything after it (the other hooks, the handler) runs with the id in hand.
    app.addHook('onRequest', (request, reply, done) => {
      void reply.header('x-request-id', request.id);
      withCorrelationId(request.id, done);
    });
    app.addHook('onResponse', (request, reply, done) => {
      metrics.httpRequestDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
      done();
    });

    app.get('/livez', { config: operatorRoute }, async () => ({ status: 'live' }));
    app.get('/readyz', { config: operatorRoute }, async (_request, reply) => {
      const result = await readiness(checks);
      return reply.code(result.ready ? 200 : 503).send({ status: result.ready ? 'ready' : 'not ready', ...result });
    });
    app.get('/metrics', { config: operatorRoute }, async (request, reply) => {
      checkMetricsAccess(request, metricsToken);
      return reply.type(metrics.contentType).send(await metrics.render());
    });
  },
  { name: 'observability' },
);

// The workers role serves no API: this small server gives its process /livez, /readyz and /metrics
// (on PORT) for health checks and scraping.
export async function buildProbeApp({
  metrics,
  metricsToken,
  checks,
  logger,
}: {
  metrics: Metrics;
  metricsToken?: string | undefined;
  checks: ReadinessChecks;
  logger: FastifyBaseLogger;
}) {
  const app = Fastify({ loggerInstance: logger, genReqId: requestId, disableRequestLogging: true });
  await app.register(observabilityPlugin, { metrics, metricsToken, checks });
  return app;
}
