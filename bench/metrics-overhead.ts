// What the observability layer (server/src/plugins/observability.ts) costs a trivial route: the
// same Fastify route served bare and with the plugin (request id in hand, x-request-id answered, the
// per-route latency histogram), and with the plugin while /metrics is scraped every second.
// Closed loop with autocannon on a worker thread (loadtest/node/paced.ts), A/B/C rounds alternating
// in the same run; ratios to the bare route. Last line: {"observedOverBare","scrapedOverBare",…}.
//   npx tsx bench/metrics-overhead.ts        BENCH_SECONDS (5), BENCH_ROUNDS (2), BENCH_CONNECTIONS (16)
import Fastify from 'fastify';
import pino from 'pino';
import { createMetrics } from '@openyard/server/lib/metrics';
import { observabilityPlugin, requestId } from '@openyard/server/plugins/observability';
import { closedLoad, type PacedFigures } from '../loadtest/node/paced';
import { fmt, round, table } from '../loadtest/node/stats';
import { runIfMain } from './lib/main';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const SECONDS = number('BENCH_SECONDS', 5);
const ROUNDS = number('BENCH_ROUNDS', 2);
const CONNECTIONS = number('BENCH_CONNECTIONS', 16);

async function server(observed: boolean) {
  const app = Fastify({ loggerInstance: pino({ level: 'silent' }), genReqId: requestId });
  if (observed)
    await app.register(observabilityPlugin, {
      metrics: createMetrics(),
      checks: { database: async () => undefined },
    });
  app.get('/ping', { config: { access: { public: true } } }, async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

export async function main() {
  const bare = await server(false);
  const observed = await server(true);
  const runs: Record<'bare' | 'observed' | 'scraped', PacedFigures[]> = { bare: [], observed: [], scraped: [] };
  const load = (baseUrl: string) =>
    closedLoad({ baseUrl, connections: CONNECTIONS, durationMs: SECONDS * 1000, path: () => '/ping' });
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.bare.push(await load(bare.baseUrl));
      runs.observed.push(await load(observed.baseUrl));
      const scraper = setInterval(() => void fetch(`${observed.baseUrl}/metrics`).then((r) => r.text()), 1000);
      try {
        runs.scraped.push(await load(observed.baseUrl));
      } finally {
        clearInterval(scraper);
      }
    }
  } finally {
    await bare.app.close();
    await observed.app.close();
  }
  const mean = (figures: PacedFigures[], key: 'achievedPerSec' | 'p99') =>
    figures.reduce((sum, figure) => sum + (figure[key] ?? 0), 0) / figures.length;
  const rows = (['bare', 'observed', 'scraped'] as const).map((kind) => ({
    kind,
    perSec: mean(runs[kind], 'achievedPerSec'),
    p99: mean(runs[kind], 'p99'),
    errors: runs[kind].reduce((sum, figure) => sum + figure.errors + figure.non2xx, 0),
  }));
  console.log(
    table([
      ['route', 'req/s', 'p99 ms', 'errors', 'req/s over bare'],
      ...rows.map((row) => [
        row.kind,
        fmt(row.perSec),
        fmt(row.p99, 2),
        row.errors,
        fmt(row.perSec / rows[0]!.perSec, 3),
      ]),
    ]),
  );
  console.log(
    JSON.stringify({
      bench: 'metrics-overhead',
      seconds: SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      barePerSec: round(rows[0]!.perSec),
      observedPerSec: round(rows[1]!.perSec),
      scrapedPerSec: round(rows[2]!.perSec),
      observedOverBare: round(rows[1]!.perSec / rows[0]!.perSec, 3),
      scrapedOverBare: round(rows[2]!.perSec / rows[0]!.perSec, 3),
      p99BareMs: round(rows[0]!.p99, 2),
      p99ObservedMs: round(rows[1]!.p99, 2),
      errors: rows.reduce((sum, row) => sum + row.errors, 0),
    }),
  );
}

runIfMain(import.meta.url, main);
