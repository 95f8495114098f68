// `npm run bench:reports`: the control room's figures of issue 18 on two years of a depot's history.
//
//   1. Starts Openyard in a child process (bench/lib/stack-child.ts) as `npm start` runs it (embedded:
//      PGlite, aedes, in-process queue; BENCH_TOPOLOGIES=services for PostgreSQL, Redis, Mosquitto),
//      with the demo yard in TIME_ZONE BENCH_TIME_ZONE (Asia/Kolkata), and seeds two years of a
//      15,000-container depot's history into it (bench/lib/history.ts; BENCH_HISTORY_SCALE, 1 = the
//      issue's ≈ 1M gate events, ≈ 3M moves, ≈ 2M tasks), then `afterSeed` below.
//   2. Routes: every GET route of the catalogue groups named in DASHBOARD_GROUPS and REPORT_GROUPS
//      (discovered from `routes` of @openyard/contracts; exports, file downloads and GETs that change
//      state left out), each evenly paced at BENCH_RATE (50) requests a second for BENCH_SECONDS (10)
//      from a worker thread (open loop), its parameters taken round-robin from SAMPLES; GET
//      /rest/health the same way as the baseline of the run.
//   3. Export: each of EXPORTS requested and its file downloaded (a file link answered, or the file
//      itself), rows counted with exceljs's streaming reader; rows per second from the request to the
//      last byte, and the server process's memory (RSS) sampled all along: its growth over the
//      memory before the request.
//   4. Wall: Chromium (playwright-core) signed in on BENCH_WALL_URL while BENCH_WALL_EVENTS_PER_SEC
//      (50) domain events a second arrive through the real interfaces for BENCH_WALL_MINUTES (30):
//      half container moves (REST, bench/inventory.ts's planner), 30 % machine telemetry (MQTT,
//      bench/machines.ts's machines), 10 % gate-ins and 10 % dispatches of those (REST,
//      bench/gate.ts). The page's JS heap (CDP Performance.getMetrics JSHeapUsedSize, after a
//      HeapProfiler.collectGarbage) every BENCH_WALL_SAMPLE_SECONDS (30) after
//      BENCH_WALL_WARMUP_SECONDS (60, or a quarter of a shorter wall); the lag of the widgets: see WALL_LAG below.
// The last line printed is one JSON object:
// {"dashboardP99Ms","reportsP99Ms","exportRowsPerSec","exportMemMb","wallMemGrowthPct","baselineP99Ms",…}.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { MqttClient } from 'mqtt';
import { chromium, type Page } from 'playwright-core';
import {
  fillPath,
  isRouteSpec,
  queryString,
  routes,
  topics as deviceTopics,
  WALL_PATH,
  type RouteSpec,
} from '@openyard/contracts';
import { loadConfig } from '@openyard/server/config';
import { benchLogin, type BenchClient } from './lib/api';
import { startChild, type Child } from './lib/child';
import { seedHistory, type HistoryFigures } from './lib/history';
import { closeFleet } from '../loadtest/node/load';
import { runIfMain } from './lib/main';
import { pacedLoad, type PacedFigures } from '../loadtest/node/paced';
import {
  createDatabase,
  dropRedisPrefix,
  forgetMqttSession,
  keepAsTemplate,
  keptTemplate,
  SERVICES,
  templateName,
} from './lib/services';
import { stackEnv, type Topology } from './lib/stack-env';
import { fmt, percentiles, round, sleep, table } from '../loadtest/node/stats';
import { dispatch as gateDispatch, gateIn } from './gate';
import { movePlanner } from './inventory';
import { benchMachines } from './machines';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const list = (name: string, fallback: string[]) =>
  process.env[name] === undefined
    ? fallback
    : process.env[name]
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);

// ---- What is measured: the dashboard's and the reports' groups, the export and the wall. ----

// Catalogue groups (keys of `routes` in contracts/src/api/catalogue.ts) whose GET routes are the
// dashboard's figure (dashboardP99Ms: the enterprise dashboard's widgets and the task dashboard)
// and the reports' (reportsP99Ms: the 15 report types and the open alarms).
export const DASHBOARD_GROUPS = list('BENCH_DASHBOARD_GROUPS', ['enterpriseDashboard', 'taskDashboard']);
export const REPORT_GROUPS = list('BENCH_REPORT_GROUPS', ['reports']);
// Routes of those groups left out (`group.name`), besides exports, downloads and GETs that change
// state (none today).
const SKIP_ROUTES = new Set(list('BENCH_SKIP_ROUTES', []));

// What a sample request may use: the seeded yard's facts, found after the seed.
interface SampleContext {
  now: number;
  // The yard's today, 30 days ago and a year ago (YYYY-MM-DD, the yard's time zone), and its
  // month now and a month ago (YYYY-MM).
  today: string;
  monthAgo: string;
  yearAgo: string;
  month: string;
  lastMonth: string;
  // The first yard day of the export's range (to today): the newest days holding EXPORT_ROWS
  // container movements, or the whole history when it holds fewer.
  exportFrom: string;
  // A machine with history (the demo machines made the seeded machine moves).
  machine: string;
}
interface Sample {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
}
// A report's list call as the reports screen makes it: a date range, its filters at All / -1,
// page 1 of 15.
const reportPage = { startIndex: 1, pageSize: 15 };
const allFilters = { processId: -1, sizeId: -1, areaId: -1, liner: -1 };
const lastMonth = (c: SampleContext) => ({ from: c.monthAgo, to: c.today, ...reportPage });
const lastYear = (c: SampleContext) => ({ from: c.yearAgo, to: c.today, ...reportPage });
// Per route (`group.name`): the requests it is measured with, in turn. A route without an entry
// is called without parameters (its defaults), unless it needs some: then it is skipped and listed.
export const SAMPLES: Record<string, (c: SampleContext) => Sample[]> = {
  // The enterprise dashboard: its defaults, each grouping, a month's drill-down, one and 31 days.
  'enterpriseDashboard.processContainers': () => [
    { query: { groupBy: 'customer' } },
    { query: { groupBy: 'liner' } },
    { query: { groupBy: 'process' } },
  ],
  'enterpriseDashboard.gateInReportMonth': (c) => [{ params: { id: c.month } }, { params: { id: c.lastMonth } }],
  'enterpriseDashboard.machineTasks': () => [{ query: { days: 1 } }, { query: { days: 31 } }],
  'enterpriseDashboard.yardTrailersDetailed': () => [{ query: { skip: 1, limit: 15 } }],
  // The task dashboard: today, and a month (custom period).
  'taskDashboard.machines': (c) => [
    { query: { period: 'day' } },
    { query: { period: 'custom', from: c.monthAgo, to: c.today } },
  ],
  // The reports: a month and a year of the history.
  'reports.gateIn': (c) => [{ query: lastMonth(c) }, { query: lastYear(c) }],
  'reports.gateOut': (c) => [{ query: lastMonth(c) }, { query: lastYear(c) }],
  'reports.expiredTags': () => [{ query: reportPage }],
  'reports.inventory': () => [{ query: { ...allFilters, ...reportPage } }],
  'reports.containerMovements': (c) => [{ query: lastMonth(c) }, { query: lastYear(c) }],
  'reports.locationStatistics': (c) => [{ query: lastMonth(c) }],
  'reports.dwellTime': (c) => [{ query: lastMonth(c) }, { query: lastYear(c) }],
  'reports.offloadingLocations': (c) => [{ query: lastMonth(c) }, { query: lastYear(c) }],
  // 3.1 and 3.4 are one machine's; 3.2 and 3.3 offer All.
  'reports.machineMovementsSummary': (c) => [{ query: { ...lastMonth(c), machineName: c.machine } }],
  'reports.machineMovementsDetailed': (c) => [
    { query: { ...lastMonth(c), machineName: 'All' } },
    { query: { ...lastMonth(c), machineName: c.machine } },
  ],
  'reports.machineBreakdown': (c) => [{ query: { ...lastMonth(c), machineName: 'All' } }],
  'reports.machineWorkingStatus': (c) => [{ query: { ...lastMonth(c), machineName: c.machine } }],
  'reports.trailers': (c) => [
    { query: { ...lastMonth(c), trailerType: 'All', gateInType: 'All' } },
    { query: { trailerType: 'All', gateInType: 'All', ...reportPage } },
  ],
  'reports.loadedTrailers': (c) => [{ query: { ...lastMonth(c), trailerType: 'All', gateInType: 'All' } }],
  'reports.alarms': (c) => [{ query: lastMonth(c) }],
  'reports.openAlarms': () => [{ query: { startIndex: 1, pageSize: 15 } }],
};

// The export measured (`group.name` of an export route and its query): the issue's 100,000 rows,
// the container movement report (2.2) of the newest days that hold them (BENCH_EXPORT_ROWS).
const EXPORT_ROWS = number('BENCH_EXPORT_ROWS', 100_000);
export const EXPORTS: { route: string; query: (c: SampleContext) => Record<string, unknown> }[] = [
  {
    route: process.env.BENCH_EXPORT_ROUTE ?? 'reports.containerMovementsExport',
    query: (c) => ({ from: c.exportFrom, to: c.today, startIndex: 1, pageSize: EXPORT_ROWS, format: 'xlsx' }),
  },
];

// The page the wall phase keeps open, signed in with a display token (made by the superadmin, as
// the users screen makes one for a TV): the wall and its tiles (web/src/modules/wall/utils/wallTiles.ts).
const WALL_URL = process.env.BENCH_WALL_URL ?? '/wall?tiles=yard,gate,ocr,machines';
// WALL_LAG: how the widgets' lag is read. Each widget of the wall (and of the dashboard) sets
// `data-live-at` on its root element to the time (epoch ms: the live message's `at`, the time of
// the domain event) of the newest event its figures include, whenever it draws new figures. The
// bench watches these attributes (MutationObserver); an event sent at s is on the screen at the
// first change that brings the newest `data-live-at` of the page to s or later: lag = that
// moment − s. Moves, gate-ins and dispatches are timed (telemetry is load). The staleness of the
// page (now − its newest data-live-at) is sampled every second. A page without the attribute:
// the inventory grid's `openyard:inventory-drawn` event times the moves instead; else no lag.
const WALL_LAG_ATTRIBUTE = 'data-live-at';

// After the seed, before anything is measured: what makes the seeded history visible to summaries
// that are otherwise kept from the changes themselves (a seed writes no domain events). The
// enterprise dashboard's rollups are kept by triggers (migration 0021), which the seed fires; the
// task dashboard's (machine_day_stats) by the tasks' transactions, so it is rebuilt from the
// history, as after an upgrade (timed: the figure a shift edit or an upgrade costs once).
async function afterSeed(child: Child, log: (line: string) => void): Promise<number> {
  const { ms } = await child.call({ op: 'taskDashboardRebuild' });
  const [row] = await child.call({ op: 'sql', text: 'select count(*)::int as rows from machine_day_stats' });
  log(`task dashboard rollup rebuilt from the history in ${fmt(ms / 1000, 1)} s: ${String(row?.rows)} rows`);
  return ms;
}

// ---- Settings ----
const SCALE = Number(process.env.BENCH_HISTORY_SCALE ?? 1);
const RATE = number('BENCH_RATE', 50);
const SECONDS = number('BENCH_SECONDS', 10);
const TIME_ZONE = process.env.BENCH_TIME_ZONE ?? 'Asia/Kolkata';
// Services topology: keep the seeded database as a template and start from a copy of it when one of
// the same scale, time zone, migrations and UTC day is kept (bench/lib/services.ts keepAsTemplate).
const KEEP_HISTORY = process.env.BENCH_KEEP_HISTORY === '1';
const TOPOLOGIES = (process.env.BENCH_TOPOLOGIES ?? 'embedded').split(',') as Topology[];
// BENCH_PARTS: any of seed (only), routes, export, wall.
const PARTS = new Set(list('BENCH_PARTS', ['routes', 'export', 'wall']));
const WALL_MINUTES = Number(process.env.BENCH_WALL_MINUTES ?? 30);
const WALL_EVENTS_PER_SEC = number('BENCH_WALL_EVENTS_PER_SEC', 50);
// A minute, or a quarter of a shorter wall (so that a short wall still has samples to compare).
const WALL_WARMUP_SECONDS = Number(process.env.BENCH_WALL_WARMUP_SECONDS ?? Math.min(60, (WALL_MINUTES * 60) / 4));
const WALL_SAMPLE_SECONDS = number('BENCH_WALL_SAMPLE_SECONDS', 30);
const WALL_MACHINES = number('BENCH_WALL_MACHINES', 10);
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
// A timed event not on the screen this long after it was sent counts as missed.
const MISSED_AFTER_MS = 10_000;

// ---- Routes ----
interface RouteRun {
  key: string;
  route: RouteSpec;
  samples: Sample[];
}

function routesOf(groups: string[], context: SampleContext) {
  const runs: RouteRun[] = [];
  const skipped: { key: string; why: string }[] = [];
  const catalogue = routes as unknown as Record<string, Record<string, unknown>>;
  for (const group of groups) {
    const members = catalogue[group];
    if (!members) {
      skipped.push({ key: group, why: 'no such group in the catalogue' });
      continue;
    }
    for (const [name, route] of Object.entries(members)) {
      if (!isRouteSpec(route) || route.method !== 'GET') continue;
      const key = `${group}.${name}`;
      if (SKIP_ROUTES.has(key)) skipped.push({ key, why: 'BENCH_SKIP_ROUTES' });
      else if (route.changesState) skipped.push({ key, why: 'changes state' });
      else if (route.responseKind === 'bytes') skipped.push({ key, why: 'a file download' });
      else if (/export/i.test(name) || /\/export$/.test(route.path))
        skipped.push({ key, why: 'export (export phase)' });
      else {
        const samples = SAMPLES[key]?.(context) ?? [{}];
        const query: unknown = route.query;
        const required =
          typeof query === 'object' &&
          query !== null &&
          'required' in query &&
          Array.isArray(query.required) &&
          query.required.length > 0;
        if (!SAMPLES[key] && (route.params || required)) skipped.push({ key, why: 'needs parameters: add SAMPLES' });
        else runs.push({ key, route, samples });
      }
    }
  }
  return { runs, skipped };
}

const pathOf = (route: RouteSpec, sample: Sample) => fillPath(route.path, sample.params) + queryString(sample.query);

async function measureRoutes(baseUrl: string, token: string, runs: RouteRun[]) {
  // As a browser asks (the dashboard's and the reports' callers are browsers).
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const results: { key: string; figures: PacedFigures; example: string; firstStatus: number }[] = [];
  for (const run of runs) {
    const paths = run.samples.map((sample) => pathOf(run.route, sample));
    // Warm-up: each request once (the first call of a route loads its code and plans).
    let firstStatus = 0;
    for (const path of paths) {
      const response = await fetch(`${baseUrl}${path}`, { headers });
      await response.arrayBuffer();
      firstStatus ||= response.status;
      if (response.status >= 400) firstStatus = response.status;
    }
    const figures = await pacedLoad({
      baseUrl,
      rate: RATE,
      durationMs: SECONDS * 1000,
      path: (index) => paths[index % paths.length]!,
      headers,
    });
    results.push({ key: run.key, figures, example: paths[0]!, firstStatus });
    await settle(baseUrl);
  }
  return results;
}

// Waits (at most a minute) until the server answers GET /rest/health within 100 ms twice running:
// a route the server could not keep up with leaves a backlog that is not the next route's.
async function settle(baseUrl: string) {
  const deadline = Date.now() + 60_000;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    const at = performance.now();
    const answered = await fetch(`${baseUrl}/rest/health`, { signal: AbortSignal.timeout(10_000) }).then(
      async (response) => (await response.arrayBuffer(), true),
      () => false,
    );
    quick = answered && performance.now() - at < 100 ? quick + 1 : 0;
    if (quick < 2) await sleep(250);
  }
}

// ---- Export ----
interface ExportFigures {
  route: string;
  rows: number;
  seconds: number;
  linkSeconds: number | null;
  bytes: number;
  rowsPerSec: number;
  memBeforeMb: number;
  memPeakMb: number;
  memGrowthMb: number;
  heapGrowthMb: number;
}

async function countRows(file: string, csv: boolean) {
  if (csv)
    return (
      readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .filter((line) => line.length > 0).length - 1
    );
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
  });
  let rows = 0;
  for await (const sheet of reader) for await (const _row of sheet) rows += 1;
  // The header.
  return Math.max(0, rows - 1);
}

// Requests an export, downloads its file (the link it answers, or the answer itself), and samples
// the server's memory meanwhile.
export async function measureExport(
  child: Child,
  baseUrl: string,
  token: string,
  key: string,
  query: Record<string, unknown>,
  dir: string,
): Promise<ExportFigures> {
  const [group, name] = key.split('.');
  const route = (routes as unknown as Record<string, Record<string, RouteSpec>>)[group!]?.[name!];
  if (!route) throw new Error(`export ${key}: no such route`);
  const headers = { authorization: `Bearer ${token}` };
  // BENCH_PROFILE=1: where the server spends its CPU during the export (the whole profile in
  // BENCH_PROFILE_FILE when set).
  if (process.env.BENCH_PROFILE === '1') await child.call({ op: 'profileStart' });
  const before = await child.call({ op: 'memory' });
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = await child.call({ op: 'memory' });
      if (now.rssMb > peak.rssMb) peak = { ...now, heapUsedMb: Math.max(now.heapUsedMb, peak.heapUsedMb) };
      else if (now.heapUsedMb > peak.heapUsedMb) peak = { ...peak, heapUsedMb: now.heapUsedMb };
      await sleep(100);
    }
  })();
  const started = performance.now();
  let linkSeconds: number | null = null;
  const file = join(dir, `${key}.${query.format === 'csv' ? 'csv' : 'xlsx'}`);
  try {
    let response = await fetch(`${baseUrl}${pathOf(route, { query })}`, { headers });
    if (!response.ok) throw new Error(`export ${key}: ${response.status} ${await response.text()}`);
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      const { filePath } = (await response.json()) as { filePath: string };
      linkSeconds = (performance.now() - started) / 1000;
      response = await fetch(`${baseUrl}${filePath}`, { headers });
      if (!response.ok) throw new Error(`download ${filePath}: ${response.status}`);
    }
    await pipeline(Readable.fromWeb(response.body! as WebReadableStream<Uint8Array>), createWriteStream(file));
  } finally {
    sampling = false;
    await sampler;
  }
  const seconds = (performance.now() - started) / 1000;
  if (process.env.BENCH_PROFILE === '1')
    console.error(`export ${key} profile: ${JSON.stringify(await child.call({ op: 'profileStop' }))}`);
  const rows = await countRows(file, query.format === 'csv');
  return {
    route: key,
    rows,
    seconds,
    linkSeconds,
    bytes: statSync(file).size,
    rowsPerSec: rows / seconds,
    memBeforeMb: before.rssMb,
    memPeakMb: peak.rssMb,
    memGrowthMb: peak.rssMb - before.rssMb,
    heapGrowthMb: peak.heapUsedMb - before.heapUsedMb,
  };
}

// ---- Wall ----
// Browser-side recorder (text: the bench is compiled without the DOM library). Changes of
// data-live-at anywhere in the page, the page's staleness every second, and the inventory grid's
// drawn frames; the bench drains them every few seconds, so the page's heap holds a few seconds.
const RECORDER = `
  (() => {
    const live = (globalThis.benchLive = { changes: [], staleness: [], drawn: [], elements: 0 });
    const attribute = ${JSON.stringify(WALL_LAG_ATTRIBUTE)};
    const newest = () => {
      let max = 0;
      const elements = document.querySelectorAll('[' + attribute + ']');
      live.elements = elements.length;
      for (const element of elements) max = Math.max(max, Number(element.getAttribute(attribute)) || 0);
      return max;
    };
    const start = () => {
      new MutationObserver((records) => {
        const at = Date.now();
        for (const record of records) {
          const value = Number(record.target.getAttribute && record.target.getAttribute(attribute));
          if (value) live.changes.push([at, value]);
        }
        if (records.some((record) => record.type === 'childList')) newest();
      }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: [attribute] });
      setInterval(() => {
        const max = newest();
        if (max) live.staleness.push(Date.now() - max);
      }, 1000);
    };
    if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
    window.addEventListener('openyard:inventory-drawn', (event) => {
      live.drawn.push([event.detail.at, event.detail.containerIds]);
    });
  })();
`;
const DRAIN = `(() => {
  const live = globalThis.benchLive;
  return { changes: live.changes.splice(0), staleness: live.staleness.splice(0), drawn: live.drawn.splice(0), elements: live.elements };
})()`;

// The seconds the server's changes have held the yard's write lock so far (GET /metrics, loopback).
async function lockHeldSeconds(baseUrl: string) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  return Number(/^openyard_inventory_lock_seconds_sum\{phase="held"\} (\S+)$/m.exec(text)?.[1] ?? 0);
}

interface TimedEvent {
  kind: 'move' | 'gateIn' | 'dispatch';
  sentAt: number;
  containerId?: number;
  failed?: boolean;
  doneAt?: number;
}

interface WallFigures {
  url: string;
  minutes: number;
  eventsSent: number;
  eventsPerSec: number;
  failed: number;
  // Events not sent: 400 calls were waiting for their answers (the server behind the schedule).
  behind: number;
  failures: string[];
  heapSamplesMb: number[];
  memGrowthPct: number | null;
  memMaxDeviationPct: number | null;
  lagSource: string;
  lag: ReturnType<typeof percentiles> & { max: number | null; missed: number };
  stalenessP99Ms: number | null;
  stalenessMaxMs: number | null;
  liveElements: number;
}

async function measureWall({
  child,
  baseUrl,
  api,
  topology,
  prefix,
  tag,
  brokerUrl,
  center,
}: {
  child: Child;
  baseUrl: string;
  api: BenchClient;
  topology: Topology;
  prefix: string;
  tag: string;
  brokerUrl: string;
  center: { latitude: number; longitude: number };
}): Promise<WallFigures> {
  const log = (line: string) => console.log(`[${topology}] wall: ${line}`);
  const gates = (await child.call({ op: 'sql', text: 'select id, type from gates order by id' })) as {
    id: number;
    type: string;
  }[];
  const gateInId = gates.find((gate) => gate.type === 'IN')!.id;
  const gateOutId = gates.find((gate) => gate.type === 'OUT')!.id;
  const { machines, fleet } = await benchMachines({ api, brokerUrl, topology, prefix, tag, count: WALL_MACHINES });
  const [layout, grid] = await Promise.all([
    api.yard.layout(),
    api.inventory.grid({ query: { includePlanned: true } }),
  ]);
  const nextMove = movePlanner(layout, grid);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    // The bench's recorder runs as a script the app's CSP would refuse.
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, bypassCSP: true });
    const page: Page = await context.newPage();
    await page.addInitScript({ content: RECORDER });
    if (new URL(WALL_URL, baseUrl).pathname === WALL_PATH) {
      // A TV's sign-in: a display token the superadmin made, in the wall's address.
      const { token } = await api.displayTokens.create({ body: { name: `bench ${tag}` } });
      const url = new URL(WALL_URL, baseUrl);
      url.searchParams.set('token', token);
      await page.goto(url.toString());
    } else {
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Username').fill('superadmin');
      await page.getByLabel('Password', { exact: true }).fill('demo');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/', { timeout: 30_000 });
      await page.goto(`${baseUrl}${WALL_URL}`);
    }
    await page
      .locator('[data-testid="wall"], [data-testid="live-status"][data-status="open"]')
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(() => log('neither the wall nor an open live-status indicator on the page (went on after 30 s)'));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const heapMb = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024;
    };

    const timed: TimedEvent[] = [];
    const failures: string[] = [];
    const changes: [number, number][] = [];
    const staleness: number[] = [];
    const drawn = new Map<number, number[]>();
    let elements = 0;
    const drain = async () => {
      const batch = await page.evaluate<{
        changes: [number, number][];
        staleness: number[];
        drawn: [number, number[]][];
        elements: number;
      }>(DRAIN);
      changes.push(...batch.changes);
      staleness.push(...batch.staleness);
      for (const [at, ids] of batch.drawn)
        for (const id of ids) {
          const times = drawn.get(id) ?? [];
          times.push(at);
          drawn.set(id, times);
        }
      elements = Math.max(elements, batch.elements);
    };

    const totalMs = WALL_MINUTES * 60_000;
    const heapSamplesMb: number[] = [];
    const gatedIn: number[] = [];
    let serial = 0;
    let sent = 0;
    let failed = 0;
    let behind = 0;
    const inFlight = new Set<Promise<void>>();
    const track = (event: TimedEvent | null, call: Promise<unknown>) => {
      if (event) timed.push(event);
      const done = call.then(
        () => {
          if (event) event.doneAt = Date.now();
        },
        (error: unknown) => {
          failed += 1;
          if (event) event.failed = true;
          if (failures.length < 5) failures.push(error instanceof Error ? error.message : String(error));
        },
      );
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    };
    const started = Date.now();
    let nextSampleAt = started + WALL_WARMUP_SECONDS * 1000;
    let nextDrainAt = started + 5000;
    log(`${WALL_EVENTS_PER_SEC} events/s for ${WALL_MINUTES} min on ${WALL_URL}`);
    // BENCH_PROFILE=1: where the server spends its CPU over the wall's first minute after the
    // warm-up, or from BENCH_PROFILE_AT_MINUTE on (a late minute of a long wall).
    let profileUntil = process.env.BENCH_PROFILE === '1' ? 0 : null;
    const profileFrom = started + number('BENCH_PROFILE_AT_MINUTE', WALL_WARMUP_SECONDS / 60) * 60_000;
    // What the server did over each sample's interval: its calls' answer times, by kind, of the
    // calls sent in the interval; the yard's lock (seconds held per second); open tasks and the
    // outbox's backlog. Where a long wall falls behind, this shows what grew first.
    let sampledAt = started;
    let lockBefore = await lockHeldSeconds(baseUrl);
    const serverState = async (now: number) => {
      const lock = await lockHeldSeconds(baseUrl);
      const answered = (kind: TimedEvent['kind']) => {
        const times = timed
          .filter((event) => event.kind === kind && event.sentAt >= sampledAt && event.sentAt < now && event.doneAt)
          .map((event) => event.doneAt! - event.sentAt);
        const p = percentiles(times);
        return `${kind} p50 ${fmt(p.p50)} p99 ${fmt(p.p99)} ms (${times.length})`;
      };
      const [state] = (await child.call({
        op: 'sql',
        text: `select (select count(*) from tasks where completed_at is null)::int as "openTasks",
          (select count(*) from outbox_events where published_at is null)::int as "unpublished",
          (select count(*) from container_changes)::int as "changes"`,
      })) as { openTasks: number; unpublished: number; changes: number }[];
      const line =
        `${answered('gateIn')}, ${answered('dispatch')}, ${answered('move')}; yard lock held ` +
        `${fmt((lock - lockBefore) / ((now - sampledAt) / 1000), 2)} s/s; open tasks ${fmt(state!.openTasks)}, ` +
        `outbox unpublished ${fmt(state!.unpublished)}, change journal ${fmt(state!.changes)} rows; ${inFlight.size} in flight`;
      sampledAt = now;
      lockBefore = lock;
      return line;
    };
    for (let index = 0; ; index += 1) {
      const due = started + (index * 1000) / WALL_EVENTS_PER_SEC;
      if (due - started >= totalMs) break;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      const now = Date.now();
      if (now >= nextDrainAt) {
        await drain();
        nextDrainAt = now + 5000;
      }
      if (profileUntil === 0 && now >= nextSampleAt && now >= profileFrom) {
        await child.call({ op: 'profileStart' });
        profileUntil = now + 60_000;
      } else if (profileUntil && now >= profileUntil) {
        profileUntil = null;
        const profile = await child.call({ op: 'profileStop' });
        console.error(`[${topology}] server CPU over a minute of the wall, ${fmt(profile.idlePercent, 1)} % idle:`);
        for (const entry of profile.topFunctions.slice(0, 30))
          console.error(`  ${fmt(entry.percent, 1).padStart(5)} %  ${entry.name.slice(0, 140)}`);
      }
      if (now >= nextSampleAt) {
        heapSamplesMb.push(await heapMb());
        log(
          `${fmt((now - started) / 60_000, 1)} min: page heap ${fmt(heapSamplesMb.at(-1), 1)} MB, ${fmt(sent)} events sent; ` +
            (await serverState(now)),
        );
        nextSampleAt += WALL_SAMPLE_SECONDS * 1000;
      }
      // Too many calls waiting for answers: the server is behind; the schedule goes on, the call not.
      if (inFlight.size > 400) {
        behind += 1;
        continue;
      }
      sent += 1;
      const slot = index % 10;
      if (slot === 8) {
        serial += 1;
        const mine = serial;
        track(
          { kind: 'gateIn', sentAt: Date.now() },
          gateIn(api, mine, gateInId).then(() => void gatedIn.push(mine)),
        );
      } else if (slot === 9 && gatedIn.length > 0) {
        track({ kind: 'dispatch', sentAt: Date.now() }, gateDispatch(api, gatedIn.shift()!, gateOutId));
      } else if (slot >= 5 && slot <= 7) {
        const machine = index % machines.length;
        const device = machines[machine]!;
        track(
          null,
          fleet[machine]!.publishAsync(
            deviceTopics.machineTelemetry(device.id),
            JSON.stringify({
              messageId: `${tag}-wall-${index}`,
              timestamp: Date.now(),
              latitude: Number((center.latitude + ((machine % 10) - 5) * 0.0001 + (index % 997) * 1e-7).toFixed(7)),
              longitude: Number((center.longitude + ((index % 13) - 6) * 0.0001).toFixed(7)),
              status: 'Working',
            }),
            { qos: 1 },
          ),
        );
      } else {
        const { move, done } = nextMove();
        track(
          { kind: 'move', sentAt: Date.now(), containerId: move.containerId },
          api.inventory.updateLocation({ body: [move] }).finally(done),
        );
      }
    }
    await Promise.all(inFlight);
    await sleep(3000);
    await drain();
    if (Date.now() >= nextSampleAt - WALL_SAMPLE_SECONDS * 1000) heapSamplesMb.push(await heapMb());
    await closeFleet(fleet);
    const elapsedSeconds = (Date.now() - started) / 1000;

    // Lag: by the page's newest data-live-at, else by the inventory grid's drawn frames (moves).
    const lags: number[] = [];
    let missed = 0;
    let lagSource = 'none';
    const measured = timed.filter((event) => !event.failed);
    if (changes.length) {
      lagSource = WALL_LAG_ATTRIBUTE;
      changes.sort((a, b) => a[0] - b[0]);
      // The newest value shown so far, at each change.
      const newest: number[] = [];
      for (const [, value] of changes) newest.push(Math.max(value, newest.at(-1) ?? 0));
      for (const event of measured) {
        let low = 0;
        let high = changes.length;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (newest[middle]! >= event.sentAt) high = middle;
          else low = middle + 1;
        }
        const shownAt = changes[low]?.[0];
        if (shownAt === undefined || shownAt - event.sentAt > MISSED_AFTER_MS) missed += 1;
        else lags.push(Math.max(0, shownAt - event.sentAt));
      }
    } else if (drawn.size) {
      lagSource = 'openyard:inventory-drawn (moves)';
      for (const event of measured) {
        if (event.kind !== 'move') continue;
        const shownAt = drawn.get(event.containerId!)?.find((at) => at >= event.sentAt);
        if (shownAt === undefined || shownAt - event.sentAt > MISSED_AFTER_MS) missed += 1;
        else lags.push(shownAt - event.sentAt);
      }
    }
    const first = heapSamplesMb[0];
    const last = heapSamplesMb.at(-1);
    const stale = percentiles(staleness);
    return {
      url: WALL_URL,
      minutes: WALL_MINUTES,
      eventsSent: sent,
      eventsPerSec: sent / elapsedSeconds,
      failed,
      behind,
      failures,
      heapSamplesMb,
      memGrowthPct: first && last !== undefined && heapSamplesMb.length > 1 ? ((last - first) / first) * 100 : null,
      memMaxDeviationPct:
        first && heapSamplesMb.length > 1
          ? Math.max(...heapSamplesMb.map((value) => (Math.abs(value - first) / first) * 100))
          : null,
      lagSource,
      lag: { ...percentiles(lags), max: lags.length ? Math.max(...lags) : null, missed },
      stalenessP99Ms: stale.p99,
      stalenessMaxMs: staleness.length ? Math.max(...staleness) : null,
      liveElements: elements,
    };
  } finally {
    await closeFleet(fleet).catch(() => undefined);
    await browser.close();
  }
}

// ---- The run ----
async function sampleContext(child: Child): Promise<SampleContext> {
  const rows = (text: string) => child.call({ op: 'sql', text });
  const text = (value: unknown, fallback: string) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
  const tz = `'${TIME_ZONE}'`;
  const day = `(now() at time zone ${tz})`;
  const [dates] = await rows(`select
      to_char(${day}, 'YYYY-MM-DD') as today,
      to_char(${day} - interval '30 days', 'YYYY-MM-DD') as month_ago,
      to_char(${day} - interval '1 year', 'YYYY-MM-DD') as year_ago,
      to_char(${day}, 'YYYY-MM') as month,
      to_char(${day} - interval '1 month', 'YYYY-MM') as last_month`);
  // The newest yard days holding EXPORT_ROWS movements: the first day whose running count (newest
  // first) reaches them, else the oldest day.
  const [exportFrom] = await rows(`with days as (
      select (moved_at at time zone ${tz})::date as day, count(*) as moves from container_movements group by 1),
    running as (select day, sum(moves) over (order by day desc) as total from days)
    select to_char(coalesce(max(day) filter (where total >= ${EXPORT_ROWS}), min(day)), 'YYYY-MM-DD') as day
    from running`);
  const [machine] = await rows(`select machine_name from machines order by id limit 1`);
  return {
    now: Date.now(),
    today: text(dates!.today, ''),
    monthAgo: text(dates!.month_ago, ''),
    yearAgo: text(dates!.year_ago, ''),
    month: text(dates!.month, ''),
    lastMonth: text(dates!.last_month, ''),
    exportFrom: text(exportFrom?.day, text(dates!.year_ago, '')),
    machine: text(machine?.machine_name, 'RS-01'),
  };
}

const routeRow = (key: string, figures: PacedFigures, status: number) => [
  key,
  figures.requests,
  fmt(figures.achievedPerSec),
  fmt(figures.p50, 1),
  fmt(figures.p99, 1),
  figures.errors + figures.non2xx,
  status,
  fmt(figures.kbPerRequest, 1),
];
const worst = (results: { figures: PacedFigures }[]) =>
  results.length ? Math.max(...results.map((result) => result.figures.p99 ?? 0)) : null;

async function runTopology(topology: Topology) {
  const tag = randomBytes(4).toString('hex');
  const prefix = `oy-bench-${tag}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-bench-'));
  const downloads = mkdtempSync(join(tmpdir(), 'openyard-bench-exports-'));
  const migrations = (
    JSON.parse(readFileSync(new URL('../migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;
  const kept =
    topology === 'services' && KEEP_HISTORY
      ? templateName(`s${SCALE}_${TIME_ZONE}_${new Date().toISOString().slice(0, 10)}`)
      : null;
  // A history kept with fewer migrations is migrated forward on its copy when the server starts, as
  // an upgrade is (their backfills run on it); one kept with more is not used.
  const stored = kept
    ? await keptTemplate<{ history: HistoryFigures; rebuildMs: number; migrations?: number }>(kept)
    : null;
  const keptFigures = stored && (stored.migrations ?? Infinity) <= migrations ? stored : null;
  const database = topology === 'services' ? await createDatabase(keptFigures ? kept! : undefined) : null;
  const log = (line: string) => console.log(`[${topology}] ${line}`);
  let child: Child | null = null;
  let ingestClientIds: string[] = [];
  const fleet: MqttClient[] = [];
  try {
    child = await startChild(topology);
    const env = stackEnv(
      topology,
      { dataDir, prefix, ...(database ? { databaseUrl: database.url } : {}) },
      { TIME_ZONE },
    );
    const config = loadConfig(env);
    let started = await child.call({ op: 'start', env });

    let history: HistoryFigures;
    let rebuildMs: number;
    if (keptFigures) {
      ({ history, rebuildMs } = keptFigures);
      log(
        `history: a copy of the kept ${kept!} (seeded in ${fmt(history.seconds)} s, ${String(keptFigures.migrations)} migrations; ${String(migrations)} now)`,
      );
    } else {
      history = await seedHistory(child, {
        scale: SCALE,
        timeZone: TIME_ZONE,
        yardCenter: config.yard.yardCenter,
        log,
      });
      rebuildMs = await afterSeed(child, log);
      if (kept && database) {
        // The copy needs the database without connections: the server stops meanwhile.
        await child.close();
        const copying = Date.now();
        await keepAsTemplate(database.name, kept, { history, rebuildMs, migrations });
        log(`history kept as ${kept} in ${fmt((Date.now() - copying) / 1000, 1)} s`);
        child = await startChild(topology);
        started = await child.call({ op: 'start', env });
      }
    }
    ingestClientIds = started.ingestClientIds;
    const { baseUrl } = started;
    const brokerUrl = started.brokerUrl ?? SERVICES.mqttUrl;
    const { api, token } = await benchLogin(baseUrl);
    const context = await sampleContext(child);

    let dashboard: Awaited<ReturnType<typeof measureRoutes>> = [];
    let reports: Awaited<ReturnType<typeof measureRoutes>> = [];
    let baseline: PacedFigures | null = null;
    const skipped: { key: string; why: string }[] = [];
    if (PARTS.has('routes')) {
      const dashboardRoutes = routesOf(DASHBOARD_GROUPS, context);
      const reportRoutes = routesOf(REPORT_GROUPS, context);
      skipped.push(...dashboardRoutes.skipped, ...reportRoutes.skipped);
      dashboard = await measureRoutes(baseUrl, token, dashboardRoutes.runs);
      reports = await measureRoutes(baseUrl, token, reportRoutes.runs);
      baseline = await pacedLoad({
        baseUrl,
        rate: RATE,
        durationMs: SECONDS * 1000,
        path: () => '/rest/health',
        headers: { authorization: `Bearer ${token}` },
      });
      console.log(
        table([
          ['route', 'n', 'per s', 'p50 ms', 'p99 ms', 'failed', 'status', 'kB'],
          ...dashboard.map((result) => routeRow(`dashboard ${result.key}`, result.figures, result.firstStatus)),
          ...reports.map((result) => routeRow(`reports ${result.key}`, result.figures, result.firstStatus)),
          routeRow('GET /rest/health (baseline)', baseline, 200),
        ]),
      );
      for (const entry of skipped) log(`skipped ${entry.key}: ${entry.why}`);
    }

    const exports: ExportFigures[] = [];
    if (PARTS.has('export')) {
      for (const spec of EXPORTS) {
        const figures = await measureExport(child, baseUrl, token, spec.route, spec.query(context), downloads);
        exports.push(figures);
        log(
          `export ${figures.route}: ${fmt(figures.rows)} rows in ${fmt(figures.seconds, 1)} s ` +
            `(${figures.linkSeconds === null ? 'streamed' : `link after ${fmt(figures.linkSeconds, 1)} s`}, ` +
            `${fmt(figures.bytes / 1024 / 1024, 1)} MB) = ${fmt(figures.rowsPerSec)} rows/s; server RSS ` +
            `${fmt(figures.memBeforeMb)} → ${fmt(figures.memPeakMb)} MB (+${fmt(figures.memGrowthMb)} MB, heap +${fmt(figures.heapGrowthMb)} MB)`,
        );
      }
    }

    let wall: WallFigures | null = null;
    if (PARTS.has('wall')) {
      wall = await measureWall({
        child,
        baseUrl,
        api,
        topology,
        prefix,
        tag,
        brokerUrl,
        center: config.yard.yardCenter,
      });
      log(
        `wall ${wall.url}: ${fmt(wall.eventsSent)} events (${fmt(wall.eventsPerSec, 1)}/s, ${wall.failed} failed, ${wall.behind} not sent: server behind); ` +
          `page heap ${wall.heapSamplesMb.map((value) => fmt(value, 1)).join(' → ')} MB ` +
          `(${fmt(wall.memGrowthPct, 1)} %, at most ±${fmt(wall.memMaxDeviationPct, 1)} %); lag (${wall.lagSource}) ` +
          `p50 ${fmt(wall.lag.p50)} p99 ${fmt(wall.lag.p99)} max ${fmt(wall.lag.max)} ms, ${wall.lag.missed} missed; ` +
          `${wall.liveElements} [${WALL_LAG_ATTRIBUTE}] elements`,
      );
      for (const failure of wall.failures) log(`wall failure: ${failure.slice(0, 200)}`);
    }
    return { topology, history, rebuildMs, dashboard, reports, baseline, skipped, exports, wall };
  } finally {
    await closeFleet(fleet).catch(() => undefined);
    await child?.close();
    if (topology === 'services') {
      for (const clientId of ingestClientIds) await forgetMqttSession(clientId).catch(() => undefined);
      await dropRedisPrefix(prefix).catch(() => undefined);
    }
    await database?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(downloads, { recursive: true, force: true });
  }
}

async function main() {
  const results = [];
  for (const topology of TOPOLOGIES) results.push(await runTopology(topology));
  const summary = (result: Awaited<ReturnType<typeof runTopology>>) => {
    const exported = result.exports[0];
    return {
      dashboardP99Ms: round(worst(result.dashboard), 1),
      reportsP99Ms: round(worst(result.reports), 1),
      exportRowsPerSec: round(exported?.rowsPerSec),
      exportMemMb: round(exported?.memGrowthMb, 1),
      wallMemGrowthPct: round(result.wall?.memGrowthPct, 1),
      baselineP99Ms: round(result.baseline?.p99, 1),
      wallMemMaxDeviationPct: round(result.wall?.memMaxDeviationPct, 1),
      wallLagP99Ms: round(result.wall?.lag.p99),
      wallLagMaxMs: round(result.wall?.lag.max),
      wallLagMissed: result.wall?.lag.missed ?? null,
      wallLagSource: result.wall?.lagSource ?? null,
      wallStalenessP99Ms: round(result.wall?.stalenessP99Ms),
      wallEventsPerSec: round(result.wall?.eventsPerSec, 1),
      wallFailed: result.wall?.failed ?? null,
      wallNotSent: result.wall?.behind ?? null,
      wallMinutes: result.wall ? WALL_MINUTES : null,
      wallUrl: result.wall?.url ?? null,
      exportRows: exported?.rows ?? null,
      exportRoute: exported?.route ?? null,
      routeFailures: [...result.dashboard, ...result.reports].reduce(
        (sum, entry) => sum + entry.figures.errors + entry.figures.non2xx,
        0,
      ),
      routes: Object.fromEntries(
        [...result.dashboard, ...result.reports].map((entry) => [entry.key, round(entry.figures.p99, 1)]),
      ),
      skippedRoutes: result.skipped.map((entry) => entry.key),
      taskDashboardRebuildMs: round(result.rebuildMs),
      historySeconds: round(result.history.seconds, 1),
      historyCounts: result.history.counts,
      inYard: result.history.inYard,
    };
  };
  const first = results[0]!;
  console.log(
    JSON.stringify({
      ...summary(first),
      rate: RATE,
      scale: SCALE,
      topology: first.topology,
      dashboardGroups: DASHBOARD_GROUPS,
      reportGroups: REPORT_GROUPS,
      topologies: results.map((result) => ({ topology: result.topology, ...summary(result) })),
    }),
  );
}

runIfMain(import.meta.url, main);
