// `npx tsx bench/search-probe.ts`: does a long container search stall the server (issue 13 point 4)?
// Seeds the inventory bench's yard (bench/inventory.ts, BENCH_AREAS areas; embedded PGlite unless
// BENCH_TOPOLOGY=postgres), starts Openyard in a child process and, for each kind of search below,
// keeps PROBE_CLIENTS searches in flight for PROBE_SECONDS while one client times GET /rest/health
// back to back. Prints the health check's latency (idle, then under each load) and the searches'
// statuses and latencies. Figures, not assertions: the last line is one JSON object.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchLogin } from './lib/api';
import { startChild, type Child } from './lib/child';
import { createDatabase } from './lib/services';
import { fmt, percentiles, sleep } from '../loadtest/node/stats';
import { seedYard } from './inventory';

const CLIENTS = Number(process.env.PROBE_CLIENTS ?? 8);
const SECONDS = Number(process.env.PROBE_SECONDS ?? 5);

// Letters, digits and a few lookalikes: single characters match most containers' own texts and
// many master-data names, the costliest terms there are (no trigram index can serve them).
const CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const joined = (terms: string[]) => terms.join('&*');
const SEARCHES: { name: string; text: (i: number) => string }[] = [
  // 166 one-character terms: the 500-character search.
  {
    name: '166 one-character terms (500 characters)',
    text: (i) => joined(Array.from({ length: 166 }, (_, t) => CHARACTERS[(i + t) % CHARACTERS.length]!)),
  },
  // The most terms a search may have, each of one character.
  {
    name: '8 one-character terms',
    text: (i) => joined(Array.from({ length: 8 }, (_, t) => CHARACTERS[(i + t) % CHARACTERS.length]!)),
  },
  // The most terms a search may have, each as long as 500 characters allow.
  {
    name: '8 terms of 60 characters',
    text: (i) =>
      joined(
        Array.from({ length: 8 }, (_, t) =>
          Array.from({ length: 60 }, (_, c) => CHARACTERS[(i + t * 7 + c) % CHARACTERS.length]!).join(''),
        ),
      ),
  },
  // What a clerk types: one container number.
  { name: 'one container number', text: () => 'MSCU' },
];

interface LoadFigures {
  search: string;
  health: ReturnType<typeof percentiles> & { max: number };
  searches: number;
  statuses: Record<string, number>;
  searchLatency: ReturnType<typeof percentiles> & { max: number };
}

async function timed(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function healthWhile(baseUrl: string, until: () => boolean) {
  const latencies: number[] = [];
  while (!until()) latencies.push((await timed(`${baseUrl}/rest/health`, {})).ms);
  return latencies;
}

const summary = (values: number[]) => ({ ...percentiles(values), max: Math.max(0, ...values) });

async function underLoad(baseUrl: string, token: string, search: (typeof SEARCHES)[number]): Promise<LoadFigures> {
  const headers = { authorization: `Bearer ${token}` };
  const deadline = Date.now() + SECONDS * 1000;
  const statuses: Record<string, number> = {};
  const searchLatencies: number[] = [];
  let running = CLIENTS;
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    for (let i = client; Date.now() < deadline; i += CLIENTS) {
      const path = `/rest/enterprise/containers?skip=1&limit=15&searchText=${encodeURIComponent(search.text(i))}`;
      const { status, ms } = await timed(`${baseUrl}${path}`, headers);
      statuses[status] = (statuses[status] ?? 0) + 1;
      searchLatencies.push(ms);
    }
    running -= 1;
  });
  // Let the searches start before the first health check.
  await sleep(20);
  const health = await healthWhile(baseUrl, () => running === 0);
  await Promise.all(clients);
  return {
    search: search.name,
    health: summary(health),
    searches: searchLatencies.length,
    statuses,
    searchLatency: summary(searchLatencies),
  };
}

async function main() {
  const topology = process.env.BENCH_TOPOLOGY === 'postgres' ? 'postgres' : 'embedded';
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-search-probe-'));
  const database = topology === 'postgres' ? await createDatabase() : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: '0',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    WEB_DIR: resolve('web/dist'),
    INGEST_CLIENT_ID: `oy-search-probe-${randomBytes(3).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  let child: Child | null = null;
  try {
    const seeded = await seedYard(env);
    console.log(`[${topology}] ${fmt(seeded.inYard)} containers in the yard, ${fmt(seeded.dispatched)} dispatched`);
    child = await startChild('search-probe');
    const { baseUrl } = await child.call({ op: 'start', env });
    const { token } = await benchLogin(baseUrl);
    const idleUntil = Date.now() + 2000;
    const idle = summary(await healthWhile(baseUrl, () => Date.now() > idleUntil));
    console.log(
      `GET /rest/health idle: p50 ${fmt(idle.p50, 1)} ms, p99 ${fmt(idle.p99, 1)} ms, max ${fmt(idle.max, 1)} ms`,
    );
    const loads: LoadFigures[] = [];
    // PROBE_ONLY=number (a part of a search's name) runs only the searches so named.
    const only = process.env.PROBE_ONLY;
    for (const search of SEARCHES.filter((candidate) => !only || candidate.name.includes(only))) {
      const figures = await underLoad(baseUrl, token, search);
      loads.push(figures);
      console.log(
        `${CLIENTS} × "${search.name}" for ${SECONDS} s: health p50 ${fmt(figures.health.p50, 1)} ms, p99 ${fmt(
          figures.health.p99,
          1,
        )} ms, max ${fmt(figures.health.max, 1)} ms (${figures.health.count} checks); ${figures.searches} searches ${JSON.stringify(
          figures.statuses,
        )}, p50 ${fmt(figures.searchLatency.p50, 1)} ms, max ${fmt(figures.searchLatency.max, 1)} ms`,
      );
      await sleep(500);
    }
    console.log(JSON.stringify({ topology, clients: CLIENTS, seconds: SECONDS, idle, loads }));
  } finally {
    await child?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
