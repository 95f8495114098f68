// `npm run bench:gate`: the gate clerk's transactions while the device pipeline is busy.
//
//   1. Starts Openyard (BENCH_TOPOLOGIES, comma-separated): `embedded` in a child process as `npm
//      start` runs it (bench/lib/stack-child.ts: PGlite, aedes, in-process queue); `services`, the same
//      one ROLE=all process on PostgreSQL, Redis and Mosquitto; `scaled`, as deployed: a ROLE=server
//      and a ROLE=workers process on them (bench/lib/topology.ts), the gate calls on the server, the
//      device pipeline in the workers. Each Openyard process's CPU over the measured phase is printed.
//   2. Background: BENCH_READERS RFID readers on a gate of their own publish BENCH_TAG_RATE tag reads
//      per second (QoS 1) through the whole pipeline for the length of the run.
//   3. Gate-in (POST gate/containers, single 20 ft with tag and trailer) and dispatch (GET
//      gate/dispatch of a container gated in during the warm-up) at BENCH_GATE_RATE each per second,
//      evenly paced (open loop), with GET /rest/health at the same rate as the baseline of the same run.
//   4. Chromium on /gate: a reader of the measured gate publishes a tag; the time until the tag field
//      of the open form shows it (read every animation frame in the page) — tag published → shown.
// The last line printed is one JSON object: {"gateInP99Ms","dispatchP99Ms","tagToScreenP95Ms", …}.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { MqttClient } from 'mqtt';
import { chromium } from 'playwright-core';
import { checkDigit, topics as deviceTopics, type GateInForm } from '@openyard/contracts';
import { benchLogin, type BenchClient } from './lib/api';
import { startChild, type Child } from './lib/child';
import { runIfMain } from './lib/main';
import { featureEnv, stackEnv } from './lib/stack-env';
import { startScaledStack, type DeviceCredentials } from './lib/topology';
import { processesCpu } from './lib/cpu';
import { closeFleet, connectFleet, offerLoad, type DeviceLogin } from '../loadtest/node/load';
import { createDatabase, dropRedisPrefix, SERVICES } from './lib/services';
import { fmt, percentiles, round, sleep, table } from '../loadtest/node/stats';

import type { Topology } from './lib/stack-env';
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const TAG_RATE = number('BENCH_TAG_RATE', 2000);
const GATE_RATE = number('BENCH_GATE_RATE', 20);
const SECONDS = number('BENCH_SECONDS', 20);
const READERS = number('BENCH_READERS', 20);
const SCREEN_SAMPLES = number('BENCH_SCREEN_SAMPLES', 40);
const PROFILE = process.env.BENCH_PROFILE === '1';
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
type GateTopology = Topology | 'scaled';
const TOPOLOGIES = (process.env.BENCH_TOPOLOGIES ?? 'embedded').split(',').map((name) => name.trim()) as GateTopology[];
// BENCH_PARTS=transactions: the gate calls alone, without the browser part.
const PARTS = new Set((process.env.BENCH_PARTS ?? 'transactions,screen').split(',').map((part) => part.trim()));

// A valid ISO 6346 number from a serial: owner code BNCU, the check digit computed.
export function containerNumber(serial: number): string {
  const first10 = `BNCU${String(serial).padStart(6, '0')}`;
  return `${first10}${checkDigit(first10)}`;
}
const eightDigits = (value: number) => String(value).padStart(8, '0');
const requestId = () => randomUUID().replaceAll('-', '');

interface Timed {
  latencies: number[];
  failures: string[];
}

// Calls `send` `rate` times a second for `seconds`, on schedule whatever the answers take (an open
// loop), and records each call's time to its answer.
async function paced(rate: number, seconds: number, send: (index: number) => Promise<void>): Promise<Timed> {
  const latencies: number[] = [];
  const failures: string[] = [];
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const calls: Promise<void>[] = [];
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const at = performance.now();
    calls.push(
      send(index).then(
        () => void latencies.push(performance.now() - at),
        (error: unknown) => void failures.push(error instanceof Error ? error.message : String(error)),
      ),
    );
  }
  await Promise.all(calls);
  return { latencies, failures };
}

function gateInBody(serial: number, gateId: number): GateInForm {
  return {
    requestId: requestId(),
    gateId,
    mode: 'single',
    container1Data: {
      containerNumber: containerNumber(serial),
      tagId: eightDigits(50_000_000 + serial),
      containerSize: '20',
      containerType: 'Dry (GP)',
      gateInPurpose: 'Import',
    },
    trailerNumber: `BT${serial}`,
    trailerTag1: eightDigits(70_000_000 + serial),
    userName: 'superadmin',
  };
}

export async function gateIn(api: BenchClient, serial: number, gateId: number) {
  const answer = await api.gateOperations.gateIn({ body: gateInBody(serial, gateId) });
  if (answer.responsestatus !== 'success') throw new Error(`gate-in ${serial}: ${answer.responsestatus}`);
}

export async function dispatch(api: BenchClient, serial: number, gateId: number) {
  const answer = await api.gateOperations.dispatch({
    query: {
      requestId: requestId(),
      gateId,
      containerNumber: containerNumber(serial),
      containerSize: '20',
      exitProcess: 'Delivery',
      trailerNumber: `BT${serial}`,
      dispatchTime: Date.now(),
      userName: 'superadmin',
    },
  });
  if (!answer.dispatched) throw new Error(`dispatch ${serial}: ${answer.responsestatus}`);
}

// Tag published on the broker → shown in the open gate form's container tag field, in Chromium.
// From the server's /metrics (loopback): how its gate-ins got their slots from planning (the advice
// as asked before the yard lock, a next ranked slot of it, or the engine asked in the lock), and the
// yard's write lock: its waits and holds, as cumulative histogram buckets by phase.
async function serverMetrics(baseUrl: string) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const count = (outcome: string) =>
    Number(new RegExp(`^openyard_gate_slot_advice_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  const lock = { wait: new Map<number, number>(), held: new Map<number, number>() };
  const sums = { wait: 0, held: 0 };
  for (const [, labels, value] of text.matchAll(
    /^openyard_inventory_lock_seconds_(?:bucket|sum)\{?([^}\s]*)\}? (\S+)$/gm,
  )) {
    const phase = /phase="(wait|held)"/.exec(labels!)?.[1] as 'wait' | 'held' | undefined;
    if (!phase) continue;
    const le = /le="([^"]+)"/.exec(labels!)?.[1];
    if (le === undefined) sums[phase] = Number(value);
    else lock[phase].set(le === '+Inf' ? Infinity : Number(le), Number(value));
  }
  return { advice: { held: count('held'), ranked: count('ranked'), engine: count('engine') }, lock, sums };
}

// The lock's figures between two readings of serverMetrics: count, mean, and the p50 and p99 as the
// upper bound of their histogram bucket (ms).
function lockFigures(before: Awaited<ReturnType<typeof serverMetrics>>, after: typeof before) {
  const figures = (phase: 'wait' | 'held') => {
    const buckets = [...after.lock[phase]].map(
      ([le, total]) => [le, total - (before.lock[phase].get(le) ?? 0)] as const,
    );
    const n = buckets.at(-1)?.[1] ?? 0;
    const at = (share: number) => buckets.find(([, total]) => total >= share * n)?.[0] ?? null;
    const bound = (value: number | null) =>
      value === null ? null : value === Infinity ? 'inf' : round(value * 1000, 1);
    return {
      n,
      meanMs: n ? round(((after.sums[phase] - before.sums[phase]) / n) * 1000, 2) : null,
      p50UpToMs: n ? bound(at(0.5)) : null,
      p99UpToMs: n ? bound(at(0.99)) : null,
      busyShare: round((after.sums[phase] - before.sums[phase]) / SECONDS, 2),
    };
  };
  return { wait: figures('wait'), held: figures('held') };
}

async function tagToScreen(baseUrl: string, reader: MqttClient, readerId: number, gateId: number) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username').fill('superadmin');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/', { timeout: 30_000 });
    // The gate screen works the gate its browser remembers (web/src/modules/gate/states).
    await page.evaluate(`localStorage.setItem('openyard.gateId', ${JSON.stringify(JSON.stringify(gateId))})`);
    await page.goto(`${baseUrl}/gate`);
    const field = page.getByTestId('gate-tag-container1');
    await field.waitFor({ timeout: 30_000 });
    const samples: number[] = [];
    for (let sample = 0; sample < SCREEN_SAMPLES; sample += 1) {
      const tag = eightDigits(90_000_000 + sample);
      // The page watches the field every frame and notes when the tag is in it.
      const shown = page.evaluate<number>(`new Promise((resolve) => {
        const check = () => {
          const input = document.querySelector('[data-testid="gate-tag-container1"]');
          if (input && input.value === ${JSON.stringify(tag)}) resolve(Date.now());
          else requestAnimationFrame(check);
        };
        check();
      })`);
      const published = Date.now();
      await reader.publishAsync(
        deviceTopics.readerTag(readerId),
        JSON.stringify({
          messageId: `screen-${sample}-${randomBytes(3).toString('hex')}`,
          timestamp: published,
          tagId: tag,
        }),
        { qos: 1 },
      );
      samples.push((await shown) - published);
      await sleep(150);
    }
    await page.screenshot({ path: 'e2e/artifacts/bench-gate.png' });
    return samples;
  } finally {
    await browser.close();
  }
}

// The Openyard under test: where its REST and broker are, how a device logs in, its processes.
interface GateStack {
  baseUrl: string;
  brokerUrl: string;
  login: (device: DeviceCredentials) => DeviceLogin;
  processes: { name: string; pid: number }[];
  // BENCH_PROFILE=1's CPU profile; the child process topologies only.
  child: Child | null;
  stop(): Promise<void>;
}

async function startGateStack(topology: GateTopology, prefix: string): Promise<GateStack> {
  if (topology === 'scaled') {
    // The server serves the web app for the screen part, as the image's WEB_DIR has it.
    const stack = await startScaledStack(1, { ...featureEnv(), WEB_DIR: resolve('web/dist') });
    return {
      baseUrl: stack.baseUrls[0]!,
      brokerUrl: stack.brokerUrl,
      login: (device) => stack.deviceLogin(device),
      processes: stack.processes(),
      child: null,
      stop: () => stack.stop(),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-bench-'));
  const database = topology === 'services' ? await createDatabase() : null;
  const child = await startChild(topology);
  const stop = async () => {
    await child.close();
    if (database) await database.drop().catch(() => undefined);
    if (topology === 'services') await dropRedisPrefix(prefix).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const started = await child.call({
      op: 'start',
      env: stackEnv(topology, { dataDir, prefix, ...(database ? { databaseUrl: database.url } : {}) }),
    });
    return {
      baseUrl: started.baseUrl,
      brokerUrl: started.brokerUrl ?? SERVICES.mqttUrl,
      login: (device) =>
        topology === 'embedded'
          ? { clientId: device.mqttUsername, username: device.mqttUsername, password: device.mqttPassword }
          : { clientId: `${prefix}-${device.mqttUsername}` },
      processes: [{ name: 'openyard (ROLE=all)', pid: child.pid }],
      child,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function runTopology(topology: GateTopology) {
  const tag = randomBytes(4).toString('hex');
  const prefix = `oy-bench-${tag}`;
  const fleets: MqttClient[][] = [];
  let stack: GateStack | null = null;
  // The background tag load, stopped before its clients are closed (whatever failed meanwhile).
  let loadRunning = true;
  let background: ReturnType<typeof offerLoad> | null = null;
  const log = (line: string) => console.log(`[${topology}] ${line}`);
  try {
    stack = await startGateStack(topology, prefix);
    const { baseUrl, brokerUrl, login, child } = stack;
    const { api } = await benchLogin(baseUrl);

    // Two gates of the bench's own: one whose readers carry the background load, one measured.
    const gate = async (name: string) =>
      (await api.gates.create({ body: { name, type: 'IN', positionLat: 18.94, positionLong: 72.95 } })).gate.id;
    const busyGate = await gate(`Bench-${tag}-busy`);
    const measuredGate = await gate(`Bench-${tag}-gate`);
    const reader = async (name: string, gateId: number) => {
      const saved = await api.gates.createReader({
        body: { name, readerType: 'GATEIN', ip: '10.78.0.1', gate: { id: gateId } },
      });
      return { id: saved.reader.id, ...saved.credentials! };
    };
    const readers: Awaited<ReturnType<typeof reader>>[] = [];
    for (let i = 0; i < READERS; i += 1) readers.push(await reader(`Bench-${tag}-R${i + 1}`, busyGate));
    const measuredReader = await reader(`Bench-${tag}-measured`, measuredGate);
    const readerClients = await connectFleet(brokerUrl, readers.map(login));
    fleets.push(readerClients);
    const [measuredClient] = await connectFleet(brokerUrl, [login(measuredReader)]);
    fleets.push([measuredClient!]);

    // Warm-up: the containers the measured phase dispatches, gated in at the measured rate.
    const warm = Math.round(GATE_RATE * SECONDS);
    const warmUp = await paced(GATE_RATE * 2, SECONDS / 2, (index) => gateIn(api, index, measuredGate));
    if (warmUp.failures.length) throw new Error(`warm-up: ${warmUp.failures.slice(0, 3).join('; ')}`);
    log(`${warm} containers gated in for the dispatches`);

    // The background tag load for the whole measured phase (and the screen part after it).
    background = offerLoad({
      clients: readerClients,
      rate: TAG_RATE,
      durationMs: (SECONDS + 120) * 1000,
      shouldStop: () => !loadRunning,
      message: (sequence, client) => ({
        topic: deviceTopics.readerTag(readers[client]!.id),
        payload: JSON.stringify({ messageId: `${tag}-${sequence}`, timestamp: Date.now(), tagId: `T${sequence}` }),
      }),
    });
    await sleep(2000);
    if (PROFILE && child) await child.call({ op: 'profileStart' });
    const cpu = processesCpu(stack.processes);
    const metricsBefore = await serverMetrics(baseUrl);
    const [gateIns, dispatches, baseline] = await Promise.all([
      paced(GATE_RATE, SECONDS, (index) => gateIn(api, warm + index, measuredGate)),
      paced(GATE_RATE, SECONDS, (index) => dispatch(api, index, measuredGate)),
      paced(GATE_RATE, SECONDS, async () => {
        const response = await fetch(`${baseUrl}/rest/health`);
        await response.arrayBuffer();
      }),
    ]);
    const processCpu = cpu().map(({ name, cpuPercent }) => ({ name, cpuPercent: round(cpuPercent ?? 0, 1) }));
    const metricsAfter = await serverMetrics(baseUrl);
    const advice = {
      held: metricsAfter.advice.held - metricsBefore.advice.held,
      ranked: metricsAfter.advice.ranked - metricsBefore.advice.ranked,
      engine: metricsAfter.advice.engine - metricsBefore.advice.engine,
    };
    const lock = lockFigures(metricsBefore, metricsAfter);
    // BENCH_PROFILE=1: where the server spends its CPU during the measured gate calls (stderr).
    if (PROFILE && child) {
      const profile = await child.call({ op: 'profileStop' });
      console.error(`[${topology}] server CPU during the gate calls, ${round(profile.idlePercent, 1)} % idle:`);
      for (const entry of profile.topFunctions.slice(0, 25))
        console.error(`  ${fmt(entry.percent, 1).padStart(5)} %  ${entry.name.slice(0, 140)}`);
    }
    const screen = !PARTS.has('screen')
      ? []
      : await tagToScreen(baseUrl, measuredClient!, measuredReader.id, measuredGate);
    loadRunning = false;
    const tags = await background;

    const figures = {
      topology,
      tagRate: round(tags.accepted / ((tags.endedAt - tags.startedAt) / 1000)),
      gateRate: GATE_RATE,
      gateIn: percentiles(gateIns.latencies),
      dispatch: percentiles(dispatches.latencies),
      baseline: percentiles(baseline.latencies),
      tagToScreen: percentiles(screen),
      failures: gateIns.failures.length + dispatches.failures.length,
      processCpu,
      slotAdvice: advice,
      inventoryLock: lock,
    };
    console.log(
      table([
        ['call', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'failed'],
        ...(
          [
            ['gate-in', gateIns],
            ['dispatch', dispatches],
            ['GET /rest/health (baseline)', baseline],
          ] as const
        ).map(([name, timed]) => {
          const p = percentiles(timed.latencies);
          return [name, timed.latencies.length, fmt(p.p50, 1), fmt(p.p95, 1), fmt(p.p99, 1), timed.failures.length];
        }),
        [
          'tag published → shown in /gate',
          screen.length,
          fmt(figures.tagToScreen.p50, 1),
          fmt(figures.tagToScreen.p95, 1),
          fmt(figures.tagToScreen.p99, 1),
          0,
        ],
      ]),
    );
    log(`background tag reads accepted by the broker: ${fmt(figures.tagRate)}/s (offered ${TAG_RATE}/s)`);
    log(
      `CPU over the gate calls, % of one core: ${processCpu.map((p) => `${p.name} ${fmt(p.cpuPercent, 1)}`).join(', ')}`,
    );
    log(
      `gate-ins' slots from planning: advice held ${advice.held}, a next ranked slot ${advice.ranked}, the engine in the lock ${advice.engine}`,
    );
    for (const phase of ['wait', 'held'] as const) {
      const figure = lock[phase];
      log(
        `the server's yard lock, ${phase}: ${figure.n} times, mean ${fmt(figure.meanMs, 2)} ms, p50 ≤ ${figure.p50UpToMs} ms, ` +
          `p99 ≤ ${figure.p99UpToMs} ms, ${fmt(figure.busyShare, 2)} s per second`,
      );
    }
    if (gateIns.failures.length) log(`gate-in failures: ${gateIns.failures.slice(0, 3).join('; ')}`);
    if (dispatches.failures.length) log(`dispatch failures: ${dispatches.failures.slice(0, 3).join('; ')}`);
    return figures;
  } finally {
    loadRunning = false;
    await background?.catch(() => undefined);
    await closeFleet(fleets.flat()).catch(() => undefined);
    await stack?.stop();
  }
}

async function main() {
  const results = [];
  for (const topology of TOPOLOGIES) results.push(await runTopology(topology));
  const first = results[0]!;
  console.log(
    JSON.stringify({
      gateInP99Ms: round(first.gateIn.p99, 1),
      dispatchP99Ms: round(first.dispatch.p99, 1),
      tagToScreenP95Ms: round(first.tagToScreen.p95, 1),
      baselineP99Ms: round(first.baseline.p99, 1),
      gateInP99OverBaseline: round((first.gateIn.p99 ?? 0) / (first.baseline.p99 ?? 1), 2),
      dispatchP99OverBaseline: round((first.dispatch.p99 ?? 0) / (first.baseline.p99 ?? 1), 2),
      tagRate: first.tagRate,
      gateRate: first.gateRate,
      failures: first.failures,
      slotAdvice: first.slotAdvice,
      inventoryLock: first.inventoryLock,
      topologies: results,
    }),
  );
}

runIfMain(import.meta.url, main);
