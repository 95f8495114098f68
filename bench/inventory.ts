// `npm run bench:inventory`: the inventory screen on a 20,000-slot yard with about 15,000 containers.
//
//   1. Seeds the yard through the server's own seed code into a temporary database (a temporary
//      PostgreSQL database when one answers, else an embedded PGlite data folder): 10 areas of
//      10 rows × 40 columns × 5 tiers, a quarter of their columns merged into 40 ft pairs, stacks
//      filled to about three quarters.
//   2. Starts Openyard in a child process (bench/lib/stack-child.ts) and measures p50/p99 of the
//      compact inventory snapshot (GET /rest/yard/grid, gzipped as browsers take it), the container
//      search of the containers screen (GET /rest/enterprise/containers?searchText=…) and the
//      container lookup (GET /rest/yard/container/{number}), against GET /rest/health in the same run
//      as the baseline: at rising rates with an evenly paced open-loop load (bench/lib/paced.ts), then
//      at capacity with autocannon (closed loop); both loads run on a worker thread of their own, away
//      from this process's heap.
//   3. Opens /inventory in Chromium (playwright-core) and moves containers through the REST API at
//      50 moves/s (another client, as a clerk or a machine would): main-thread time per frame of the
//      grid while the moves arrive, and move → drawn on screen (the POST is sent → the grid's frame
//      that shows it).
// The last line printed is one JSON object with the figures.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { slotSpan, type InventoryGrid, type YardLayout } from '@openyard/contracts';
import { openDatabase } from '@openyard/server/adapters/db';
import { loadConfig } from '@openyard/server/config';
import { seedDemoContainers } from '@openyard/server/db/seed/demo-containers';
import { seedDemo, seedReferenceData } from '@openyard/server/db/seed/seed';
import * as schema from '@openyard/server/db/schema';
import { benchClient, benchLogin } from './lib/api';
import { startChild, type Child } from './lib/child';
import { runIfMain } from './lib/main';
import { machineCpu } from './lib/cpu';
import { closedLoad, pacedLoad, type PacedFigures } from '../loadtest/node/paced';
import { createDatabase, SERVICES } from './lib/services';
import { fmt, percentiles, round, sleep, table } from '../loadtest/node/stats';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const RATES = (process.env.BENCH_RATES ?? '250,500,1000,2000').split(',').map(Number);
const STEP_SECONDS = number('BENCH_STEP_SECONDS', 6);
const CAPACITY_CONNECTIONS = number('BENCH_CONNECTIONS', 16);
const AREAS = number('BENCH_AREAS', 10);
const ROWS = 10;
const COLUMNS = 40;
const TIERS = 5;
const FILL = Number(process.env.BENCH_FILL ?? 0.82);
const MOVES_PER_SECOND = number('BENCH_MOVES_PER_SECOND', 50);
const MOVE_SECONDS = number('BENCH_MOVE_SECONDS', 10);
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
// BENCH_PARTS=screen (or reads): run only that part (the screen alone takes about a minute, for
// iterating on the grid); both by default.
const PARTS = new Set((process.env.BENCH_PARTS ?? 'reads,screen').split(',').map((part) => part.trim()));
type Topology = 'postgres' | 'embedded';

async function postgresReachable(): Promise<boolean> {
  try {
    const database = await createDatabase();
    await database.drop();
    return true;
  } catch {
    return false;
  }
}

// The yard: AREAS areas of ROWS × COLUMNS × TIERS slots; the last quarter of the columns of every
// other area in merged pairs. Then the demo users and ~FILL of every stack's height in containers.
export async function seedYard(env: Record<string, string>) {
  const config = loadConfig(env);
  const database = await openDatabase(config);
  const { db } = database;
  try {
    await seedReferenceData(db);
    await db.transaction(async (tx) => {
      for (let a = 0; a < AREAS; a += 1) {
        const name = `Y${String(a + 1).padStart(2, '0')}`;
        const [area] = await tx.insert(schema.yardAreas).values({ name, sortOrder: a, maxHeight: TIERS }).returning();
        const rows = await tx
          .insert(schema.yardRows)
          .values(Array.from({ length: ROWS }, (_, i) => ({ areaId: area!.id, index: i + 1, name: String(i + 1) })))
          .returning();
        const mergedFrom = a % 2 === 0 ? Math.floor((COLUMNS * 3) / 4) + 1 : COLUMNS + 1;
        const columns = await tx
          .insert(schema.yardColumns)
          .values(
            Array.from({ length: COLUMNS }, (_, i) => ({
              areaId: area!.id,
              index: i + 1,
              name: String(i + 1),
              merged: i + 1 >= mergedFrom && (i + 1 - mergedFrom) % 2 === 0,
            })),
          )
          .returning();
        await tx.insert(schema.yardCells).values(
          rows.flatMap((row) =>
            columns.map((column) => ({
              areaId: area!.id,
              rowId: row.id,
              columnId: column.id,
              name: column.name,
              fullName: `${name}_${row.name}_${column.name}`,
            })),
          ),
        );
      }
    });
    // Users (password "demo") and customers; the areas are there, so no demo areas are added.
    await seedDemo(db, config.yard.yardCenter);
    return await seedDemoContainers(db, { slots: config.yard, fill: FILL, dispatchedShare: 0.05 });
  } finally {
    await database.close();
  }
}

interface RouteFigures extends PacedFigures {
  route: string;
  // null: the closed-loop capacity step.
  rate: number | null;
  // The server's event loop during the step: a pause delays every request waiting behind it.
  serverLoopP99Ms?: number;
  serverLoopMaxMs?: number;
  serverCpuPercent?: number;
}

// Latency at a set rate: an open-loop, evenly paced load (bench/lib/paced.ts says why not autocannon's
// rate limit).
async function atRate(
  baseUrl: string,
  token: string,
  route: string,
  rate: number,
  path: (i: number) => string,
  headers: Record<string, string> = {},
): Promise<RouteFigures> {
  const figures = await pacedLoad({
    baseUrl,
    rate,
    durationMs: STEP_SECONDS * 1000,
    path,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return { route, rate, ...figures };
}

// What the route carries at most: autocannon, closed loop, CAPACITY_CONNECTIONS requests in flight.
async function capacity(
  baseUrl: string,
  token: string,
  route: string,
  path: (i: number) => string,
  headers: Record<string, string> = {},
): Promise<RouteFigures> {
  const figures = await closedLoad({
    baseUrl,
    connections: CAPACITY_CONNECTIONS,
    durationMs: STEP_SECONDS * 1000,
    path,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return { route, rate: null, ...figures };
}

// Waits until the server answers the health check quickly again: a step must not pay for the
// requests the previous one left queued.
async function drained(baseUrl: string) {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const started = performance.now();
    await fetch(`${baseUrl}/rest/health`);
    if (performance.now() - started < 20) return;
    await sleep(250);
  }
}

// Moves that are always valid: the 20 ft box on top of one stack to the top of another stack with
// room, both on unmerged columns; the local model follows every move.
export function movePlanner(layout: YardLayout, grid: InventoryGrid) {
  const slot = (areaId: number, row: number, column: number, tier: number) => {
    const area = layout.areaLayouts.find((candidate) => candidate.areaId === areaId)!;
    return `${area.name}_${row}_${column}_${area.heightNames[tier - 1]}`;
  };
  const merged = new Set<string>();
  for (const area of layout.areaLayouts)
    for (const column of area.cellNames)
      if (column.merged) {
        merged.add(`${area.areaId}:${column.index}`);
        merged.add(`${area.areaId}:${column.index + 1}`);
      }
  interface Stack {
    areaId: number;
    row: number;
    column: number;
    height: number;
    boxes: { containerId: number; number: string; size: number }[];
  }
  const stacks = new Map<string, Stack>();
  for (const area of layout.areaLayouts)
    for (const row of area.rowLayouts)
      for (const column of area.cellNames)
        if (!merged.has(`${area.areaId}:${column.index}`))
          stacks.set(`${area.areaId}:${row.index}:${column.index}`, {
            areaId: area.areaId,
            row: row.index,
            column: column.index,
            height: area.maxHeight,
            boxes: [],
          });
  const order = grid.containerIds.map((_, i) => i).sort((a, b) => grid.tiers[a]! - grid.tiers[b]!);
  for (const i of order) {
    const stack = stacks.get(`${grid.areaIds[i]}:${grid.rowIndexes[i]}:${grid.columnIndexes[i]}`);
    if (stack) stack.boxes.push({ containerId: grid.containerIds[i]!, number: grid.numbers[i]!, size: grid.sizes[i]! });
  }
  const list = [...stacks.values()];
  const pick = () => list[Math.floor(Math.random() * list.length)]!;
  // Stacks with a move in flight: the server may take concurrent moves in any order, so no two
  // moves in flight touch one stack.
  const busy = new Set<Stack>();
  return () => {
    for (;;) {
      const from = pick();
      const to = pick();
      const box = from.boxes.at(-1);
      if (
        from === to ||
        busy.has(from) ||
        busy.has(to) ||
        !box ||
        slotSpan(box.size) !== 1 ||
        to.boxes.length >= to.height
      )
        continue;
      const previousLocation = slot(from.areaId, from.row, from.column, from.boxes.length);
      from.boxes.pop();
      to.boxes.push(box);
      const newLocation = slot(to.areaId, to.row, to.column, to.boxes.length);
      busy.add(from);
      busy.add(to);
      return {
        move: { containerId: box.containerId, number: box.number, previousLocation, newLocation },
        done: () => {
          busy.delete(from);
          busy.delete(to);
        },
      };
    }
  };
}

// Browser-side scripts (as text: the bench is compiled without the DOM library). The grid announces
// each frame that shows new data with the containers it brought (`openyard:inventory-drawn`).
const RECORD_DRAWN = `
  globalThis.benchDrawn = [];
  window.addEventListener('openyard:inventory-drawn', (event) => {
    globalThis.benchDrawn.push({
      at: event.detail.at,
      receivedAt: event.detail.receivedAt,
      containerIds: event.detail.containerIds,
    });
  });
`;
// Main-thread time of each frame: from the frame's first callback to the task that runs after it
// has rendered; and the interval between frames.
const MEASURE_FRAMES = `
  (() => {
    const frames = (globalThis.benchFrames = { busy: [], interval: [], stop: false });
    const channel = new MessageChannel();
    let started = 0;
    let last = 0;
    channel.port1.onmessage = () => frames.busy.push(performance.now() - started);
    const frame = (now) => {
      if (frames.stop) return;
      if (last) frames.interval.push(now - last);
      last = now;
      started = performance.now();
      channel.port2.postMessage(0);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })()
`;

interface DrawnEvent {
  at: number;
  // When the oldest change the frame shows reached the page (live message applied).
  receivedAt: number | null;
  containerIds: number[];
}

async function measureScreen(baseUrl: string, token: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    // The bench's own probes run as scripts the app's CSP would refuse.
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, bypassCSP: true });
    const page: Page = await context.newPage();
    await page.addInitScript({ content: RECORD_DRAWN });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username').fill('superadmin');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/', { timeout: 30_000 });
    const loadStarted = Date.now();
    await page.goto(`${baseUrl}/inventory`);
    await page.locator('[data-testid="live-status"][data-status="open"]').waitFor({ timeout: 60_000 });
    await page.waitForFunction('globalThis.benchDrawn.length > 0', undefined, { timeout: 60_000 });
    const firstDrawMs = Date.now() - loadStarted;
    await sleep(1500);

    // Main-thread time of each frame: from the frame's first callback to the task that runs after
    // it has rendered; and the interval between frames.
    await page.evaluate(MEASURE_FRAMES);

    // BENCH_PROFILE=1: where the page spends its main thread while the moves arrive.
    const profiler = process.env.BENCH_PROFILE === '1' ? await context.newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
    }
    const api = benchClient(baseUrl, token);
    const [layout, grid] = await Promise.all([
      api.yard.layout(),
      api.inventory.grid({ query: { includePlanned: true } }),
    ]);
    const nextMove = movePlanner(layout, grid);
    const sent: { containerId: number; at: number; repliedAt: number | null }[] = [];
    const requestMs: number[] = [];
    const failures: string[] = [];
    const total = MOVES_PER_SECOND * MOVE_SECONDS;
    const started = Date.now();
    const inFlight = new Set<Promise<void>>();
    for (let n = 0; n < total; n += 1) {
      const due = started + (n * 1000) / MOVES_PER_SECOND;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      const { move, done } = nextMove();
      const at = Date.now();
      const entry: { containerId: number; at: number; repliedAt: number | null } = {
        containerId: move.containerId,
        at,
        repliedAt: null,
      };
      sent.push(entry);
      const request = api.inventory
        .updateLocation({ body: [move] })
        .then(
          () => {
            entry.repliedAt = Date.now();
            requestMs.push(entry.repliedAt - at);
          },
          (error: unknown) => void failures.push(String(error)),
        )
        .finally(done);
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
    await Promise.all(inFlight);
    await sleep(2000);
    const { drawn, frames } = await page.evaluate<{
      drawn: DrawnEvent[];
      frames: { busy: number[]; interval: number[] };
    }>('(globalThis.benchFrames.stop = true, { drawn: globalThis.benchDrawn, frames: globalThis.benchFrames })');
    if (profiler) {
      const { profile } = await profiler.send('Profiler.stop');
      const samples = new Map<number, number>();
      for (const id of profile.samples ?? []) samples.set(id, (samples.get(id) ?? 0) + 1);
      const total = profile.samples?.length ?? 1;
      const byFunction = new Map<string, number>();
      for (const node of profile.nodes) {
        const count = samples.get(node.id) ?? 0;
        if (!count) continue;
        const where = node.callFrame.url.split('/').pop() ?? '';
        const key = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber + 1}`;
        byFunction.set(key, (byFunction.get(key) ?? 0) + count);
      }
      console.log('\npage CPU profile while the moves arrive (self time, % of samples)');
      for (const [name, count] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 15))
        console.log(`  ${fmt((count / total) * 100, 1).padStart(5)} %  ${name.slice(0, 110)}`);
    }
    const latencies: number[] = [];
    const afterReply: number[] = [];
    let missing = 0;
    for (const move of sent) {
      const shown = drawn.find((event) => event.at >= move.at && event.containerIds.includes(move.containerId));
      if (shown) latencies.push(shown.at - move.at);
      else missing += 1;
      if (shown && move.repliedAt !== null) afterReply.push(Math.max(0, shown.at - move.repliedAt));
    }
    return {
      firstDrawMs,
      moves: sent.length,
      achievedMovesPerSec: sent.length / ((Date.now() - started - 2000) / 1000),
      failures,
      missing,
      updateToScreen: percentiles(latencies),
      moveRequest: percentiles(requestMs),
      replyToScreen: percentiles(afterReply),
      // The screen's own share: a live message applied → the frame that shows it.
      messageToScreen: percentiles(
        drawn
          .filter((event) => event.containerIds.length > 0 && event.receivedAt !== null)
          .map((event) => event.at - event.receivedAt!),
      ),
      frameBusy: percentiles(frames.busy),
      frameInterval: percentiles(frames.interval),
      droppedFrames: frames.interval.filter((interval) => interval > 25).length / Math.max(1, frames.interval.length),
    };
  } finally {
    await browser.close();
  }
}

export async function main() {
  const benchStarted = Date.now();
  const topology: Topology =
    process.env.BENCH_TOPOLOGY === 'embedded' || process.env.BENCH_TOPOLOGY === 'postgres'
      ? process.env.BENCH_TOPOLOGY
      : (await postgresReachable())
        ? 'postgres'
        : 'embedded';
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-bench-inventory-'));
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
    INGEST_CLIENT_ID: `oy-bench-inv-${randomBytes(3).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  let child: Child | null = null;
  try {
    const seedStarted = Date.now();
    const seeded = await seedYard(env);
    console.log(
      `[${topology}] seeded ${AREAS} areas × ${ROWS} rows × ${COLUMNS} columns × ${TIERS} tiers = ${fmt(
        AREAS * ROWS * COLUMNS * TIERS,
      )} slots, ${fmt(seeded.inYard)} containers in the yard, ${fmt(seeded.dispatched)} dispatched visits, in ${fmt(
        (Date.now() - seedStarted) / 1000,
        1,
      )} s${topology === 'postgres' ? ` (PostgreSQL at ${new URL(SERVICES.postgresUrl).host})` : ' (PGlite)'}`,
    );
    child = await startChild('inventory');
    const { baseUrl } = await child.call({ op: 'start', env });
    const { token, api } = await benchLogin(baseUrl);
    const grid = await api.inventory.grid();
    const numbers = grid.numbers;
    const someNumber = (i: number) => numbers[(i * 7919) % numbers.length]!;
    // Plain fetch: the ETag header is what is wanted, not the body.
    const gridEtag =
      (
        await fetch(`${baseUrl}/rest/yard/grid?includePlanned=true`, { headers: { authorization: `Bearer ${token}` } })
      ).headers.get('etag') ?? '';
    // Warm the snapshot cache and the routes.
    await api.auth.health();
    await api.inventory.grid({ query: { includePlanned: true } });
    await api.inventory.container({ params: { n: numbers[0]! } });

    const idle = machineCpu();
    await sleep(1000);
    const busy = idle();
    if (busy !== null && busy > 15)
      console.log(`warning: the machine is already ${fmt(busy)} % busy before the run; the figures will be noisy`);

    const routes: { name: string; path: (i: number) => string; headers?: Record<string, string> }[] = [
      { name: 'GET /rest/health (baseline)', path: () => '/rest/health' },
      {
        name: 'GET /rest/yard/grid (snapshot, gzip)',
        path: () => '/rest/yard/grid?includePlanned=true',
        headers: { 'accept-encoding': 'gzip' },
      },
      {
        // What a screen that already holds the current version gets when it reloads (a reconnect).
        name: 'GET /rest/yard/grid (If-None-Match, 304)',
        path: () => '/rest/yard/grid?includePlanned=true',
        headers: { 'accept-encoding': 'gzip', 'if-none-match': gridEtag },
      },
      { name: 'GET /rest/yard/container/{n} (lookup)', path: (i) => `/rest/yard/container/${someNumber(i)}` },
      {
        name: 'GET /rest/enterprise/containers?searchText (search)',
        path: (i) => `/rest/enterprise/containers?skip=1&limit=15&searchText=${someNumber(i)}`,
      },
    ];
    // Warm-up, not reported: every route for two seconds at 250/s, so that the first measured step
    // does not pay for compiling the server's code paths and preparing its statements on each
    // pooled connection.
    if (PARTS.has('reads'))
      for (const route of routes)
        await pacedLoad({
          baseUrl,
          rate: 250,
          durationMs: 2000,
          path: route.path,
          headers: { authorization: `Bearer ${token}`, ...route.headers },
        });
    const rows: RouteFigures[] = [];
    const report = (figures: RouteFigures) => {
      rows.push(figures);
      console.log(
        `  ${figures.route} ${figures.rate === null ? `closed loop (${CAPACITY_CONNECTIONS} connections)` : `at ${fmt(figures.rate)} req/s`}: achieved ${fmt(figures.achievedPerSec)}/s, p50 ${fmt(figures.p50, 1)} ms, p99 ${fmt(figures.p99, 1)} ms${figures.errors || figures.non2xx ? `, ${figures.errors} errors, ${figures.non2xx} 4xx/5xx` : ''}`,
      );
    };
    // Each step with what the server's event loop went through meanwhile.
    const step = async (run: () => Promise<RouteFigures>) => {
      await drained(baseUrl);
      await child!.call({ op: 'sample' });
      const figures = await run();
      const server = await child!.call({ op: 'sample' });
      report({
        ...figures,
        serverLoopP99Ms: server.eventLoopDelayP99Ms,
        serverLoopMaxMs: server.eventLoopDelayMaxMs,
        serverCpuPercent: server.cpuPercent,
      });
    };
    if (PARTS.has('reads')) {
      for (const rate of RATES)
        for (const route of routes)
          await step(() => atRate(baseUrl, token, route.name, rate, route.path, route.headers));
      for (const route of routes) await step(() => capacity(baseUrl, token, route.name, route.path, route.headers));
      console.log(
        `\n[${topology}] reads on a ${fmt(AREAS * ROWS * COLUMNS * TIERS)}-slot yard, ${fmt(grid.containerIds.length)} containers (${STEP_SECONDS} s per step: evenly paced at each rate, then closed loop over ${CAPACITY_CONNECTIONS} connections)`,
      );
      console.log(
        table([
          [
            'route',
            'offered/s',
            'achieved/s',
            'p50 ms',
            'p99 ms',
            'p99 / health',
            'kB/req',
            'errors',
            'server CPU %',
            'server loop delay p99/max ms',
          ],
          ...rows.map((row) => {
            const baseline = rows.find((other) => other.rate === row.rate && other.route.includes('health'));
            return [
              row.route,
              row.rate === null ? 'max' : fmt(row.rate),
              fmt(row.achievedPerSec),
              fmt(row.p50, 1),
              fmt(row.p99, 1),
              baseline?.p99 && row.p99 !== null ? fmt(row.p99 / baseline.p99, 1) : '–',
              fmt(row.kbPerRequest, 1),
              String(row.errors + row.non2xx),
              fmt(row.serverCpuPercent),
              `${fmt(row.serverLoopP99Ms, 1)}/${fmt(row.serverLoopMaxMs, 1)}`,
            ];
          }),
        ]),
      );
    }

    const screen = PARTS.has('screen') && existsSync(CHROMIUM) ? await measureScreen(baseUrl, token) : null;
    if (screen) {
      console.log(
        `\n[${topology}] /inventory in Chromium (1920×1080, software WebGL) while ${MOVES_PER_SECOND} moves/s arrive for ${MOVE_SECONDS} s`,
      );
      console.log(
        table([
          ['measure', 'count', 'p50', 'p95', 'p99'],
          [
            'main-thread time per frame (ms)',
            fmt(screen.frameBusy.count),
            fmt(screen.frameBusy.p50, 1),
            fmt(screen.frameBusy.p95, 1),
            fmt(screen.frameBusy.p99, 1),
          ],
          [
            'interval between frames (ms)',
            fmt(screen.frameInterval.count),
            fmt(screen.frameInterval.p50, 1),
            fmt(screen.frameInterval.p95, 1),
            fmt(screen.frameInterval.p99, 1),
          ],
          [
            'move POST → its reply (ms)',
            fmt(screen.moveRequest.count),
            fmt(screen.moveRequest.p50),
            fmt(screen.moveRequest.p95),
            fmt(screen.moveRequest.p99),
          ],
          [
            'live message in the page → drawn (ms)',
            fmt(screen.messageToScreen.count),
            fmt(screen.messageToScreen.p50),
            fmt(screen.messageToScreen.p95),
            fmt(screen.messageToScreen.p99),
          ],
          [
            'move reply → drawn on screen (ms)',
            fmt(screen.replyToScreen.count),
            fmt(screen.replyToScreen.p50),
            fmt(screen.replyToScreen.p95),
            fmt(screen.replyToScreen.p99),
          ],
          [
            'move sent → drawn on screen (ms)',
            fmt(screen.updateToScreen.count),
            fmt(screen.updateToScreen.p50),
            fmt(screen.updateToScreen.p95),
            fmt(screen.updateToScreen.p99),
          ],
        ]),
      );
      console.log(
        `first draw ${fmt(screen.firstDrawMs)} ms after opening /inventory; ${fmt(screen.moves)} moves sent (${fmt(screen.achievedMovesPerSec, 1)}/s), ${screen.failures.length} refused, ${screen.missing} never seen drawn; ${fmt(screen.droppedFrames * 100, 1)} % of frame intervals over 25 ms`,
      );
      if (screen.failures.length) console.log(`first refusal: ${screen.failures[0]}`);
    } else if (PARTS.has('screen')) console.log(`\nChromium not found at ${CHROMIUM}: the screen figures are left out`);

    const at1000 = rows.filter((row) => row.rate === 1000);
    const reads = at1000.filter((row) => !row.route.includes('health') && !row.route.includes('304'));
    const baseline = at1000.find((row) => row.route.includes('health'));
    console.log(`\ninventory bench finished in ${fmt((Date.now() - benchStarted) / 1000)} s`);
    console.log(
      JSON.stringify({
        topology,
        slots: AREAS * ROWS * COLUMNS * TIERS,
        containers: grid.containerIds.length,
        // The slowest of the inventory reads (snapshot, search, lookup) at 1,000 req/s.
        p99MsAt1000:
          reads.length && reads.every((row) => row.requests > 0)
            ? round(Math.max(...reads.map((row) => row.p99 ?? Infinity)), 1)
            : null,
        baselineP99MsAt1000: baseline?.requests ? round(baseline.p99, 1) : null,
        snapshotP99MsAt1000: round(reads.find((row) => row.route.includes('grid'))?.p99, 1),
        notModifiedP99MsAt1000: round(at1000.find((row) => row.route.includes('304'))?.p99, 1),
        searchP99MsAt1000: round(reads.find((row) => row.route.includes('search'))?.p99, 1),
        lookupP99MsAt1000: round(reads.find((row) => row.route.includes('lookup'))?.p99, 1),
        frameMs: screen ? round(screen.frameBusy.p99, 1) : null,
        frameIntervalP99Ms: screen ? round(screen.frameInterval.p99, 1) : null,
        updateToScreenMs: screen ? round(screen.updateToScreen.p99) : null,
        updateToScreenP50Ms: screen ? round(screen.updateToScreen.p50) : null,
        // The screen's share: from the move's reply (committed) to the frame that shows it.
        replyToScreenP99Ms: screen ? round(screen.replyToScreen.p99) : null,
        messageToScreenP99Ms: screen ? round(screen.messageToScreen.p99) : null,
        moveRequestP99Ms: screen ? round(screen.moveRequest.p99) : null,
      }),
    );
  } finally {
    await child?.close();
    await database
      ?.drop()
      .catch((error: unknown) => console.error(`could not drop the bench database: ${String(error)}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, main);
