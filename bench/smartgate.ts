// `npm run bench:smartgate`: the smart gate's OCR queue under camera load (issue 16).
//
//   1. Starts Openyard embedded in a child process (bench/lib/stack-child.ts), with the OCR workers.
//   2. BENCH_GATES (3) IN gates of the bench's own, 5 cameras each (Front, Rear, Top, Side1, Side2),
//      publish one truck visit every BENCH_VISIT_SECONDS (10) per gate over MQTT: a rendered
//      container frame per camera (the simulator's renderer), QoS 1.
//   3. Chromium on /igate, on the first bench gate: the time from a visit's first frame published to
//      the queue's pending count shown one higher on the open screen (read every animation frame).
//   4. The operator's accept: `POST gate/igate-in` of each pending record of the other gates, one
//      after another, timed to its committed answer, with GET /rest/health as the same-run baseline.
// The last line printed is one JSON object: {"frameToScreenP95Ms","acceptP99Ms",…}.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import { chromium } from 'playwright-core';
import { encodeFrame, topics as deviceTopics, type CamConfigEntry } from '@openyard/contracts';
import { randomScene, renderContainerFrame } from '@openyard/simulator/frames';
import { benchLogin, type BenchClient } from './lib/api';
import { startChild, type Child } from './lib/child';
import { closeFleet, connectFleet } from './lib/load';
import { runIfMain } from './lib/main';
import { stackEnv } from './lib/stack-env';
import { fmt, percentiles, round, sleep, table } from './lib/stats';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const GATES = number('BENCH_GATES', 3);
const VISIT_SECONDS = number('BENCH_VISIT_SECONDS', 10);
const VISITS = number('BENCH_VISITS', 12);
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const CAMERAS: CamConfigEntry['id'][] = ['Front', 'Rear', 'Top', 'Side1', 'Side2'];

// One truck visit at a gate: a frame of the same box from each camera, published at once.
async function publishVisit(client: MqttClient, gateId: number, serial: number) {
  const scene = randomScene();
  let first = 0;
  for (const camera of CAMERAS) {
    const jpeg = await renderContainerFrame(scene);
    const frame = encodeFrame({ messageId: `v${gateId}-${serial}-${camera}`, timestamp: Date.now() }, jpeg);
    if (!first) first = Date.now();
    await client.publishAsync(deviceTopics.cameraFrame(gateId, camera), Buffer.from(frame), { qos: 1 });
  }
  return first;
}

async function accept(api: BenchClient, gateId: number) {
  const record = await api.ocr.next({ query: { gateId } });
  const started = performance.now();
  await api.smartGate.igateIn({
    body: {
      requestId: randomUUID().replaceAll('-', ''),
      gateId,
      recordId: record.id,
      mode: 'single',
      container1Data: {
        // What the operator accepts: the read, or (nothing read) a number typed by hand.
        containerNumber: record.data.containerNumber || `SGBU${String(record.id).padStart(7, '0')}`,
        containerSize: '20',
        gateInPurpose: 'Import',
        tagId: 'DummyTag',
      },
      trailerNumber: `SG${record.id}`,
      trailerTag1: String(80_000_000 + record.id),
      skipValidation: true,
    },
  });
  return performance.now() - started;
}

async function main() {
  const tag = randomBytes(4).toString('hex');
  const prefix = `oy-bench-${tag}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-bench-'));
  let child: Child | null = null;
  const fleet: MqttClient[] = [];
  try {
    child = await startChild('embedded');
    const started = await child.call({ op: 'start', env: stackEnv('embedded', { dataDir, prefix }) });
    const { baseUrl } = started;
    const { api } = await benchLogin(baseUrl);
    const gates: { id: number; username: string; password: string }[] = [];
    for (let i = 0; i < GATES; i += 1) {
      const saved = await api.gates.create({
        body: {
          name: `Bench-${tag}-SG${i + 1}`,
          type: 'IN',
          positionLat: 18.94,
          positionLong: 72.95,
          camConfig: CAMERAS.map((id) => ({ id, name: id })),
        },
      });
      gates.push({
        id: saved.gate.id,
        ...{ username: saved.credentials!.mqttUsername, password: saved.credentials!.mqttPassword },
      });
    }
    const me = await api.users.me();
    await api.smartGate.setUserGates({ params: { id: me.id }, body: { gateIds: gates.map((gate) => gate.id) } });
    fleet.push(
      ...(await connectFleet(
        started.brokerUrl!,
        gates.map((gate) => ({ clientId: gate.username, username: gate.username, password: gate.password })),
      )),
    );

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const frameToScreen: number[] = [];
    let sent = 0;
    try {
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Username').fill('superadmin');
      await page.getByLabel('Password', { exact: true }).fill('demo');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/', { timeout: 30_000 });
      await page.goto(`${baseUrl}/igate`);
      await page
        .getByTestId('igate-pending-count')
        .filter({ hasText: /Pending: \d+/ })
        .waitFor({ timeout: 30_000 });
      const pending = async () =>
        Number(/(\d+)/.exec((await page.getByTestId('igate-pending-count').textContent()) ?? '')?.[1] ?? 0);
      // Every gate's trucks on their own rhythm; the measured gate is the first (the screen's).
      const others = gates.slice(1).map(async (gate, index) => {
        await sleep(((index + 1) * VISIT_SECONDS * 1000) / GATES);
        for (let visit = 0; visit < VISITS; visit += 1) {
          const at = Date.now();
          await publishVisit(fleet[index + 1]!, gate.id, visit);
          sent += 1;
          await sleep(Math.max(0, VISIT_SECONDS * 1000 - (Date.now() - at)));
        }
      });
      for (let visit = 0; visit < VISITS; visit += 1) {
        const before = await pending();
        const shown = page.evaluate<number>(`new Promise((resolve) => {
          const check = () => {
            const badge = document.querySelector('[data-testid="igate-pending-count"]');
            const value = Number((/(\\d+)/.exec(badge ? badge.textContent : '') || [])[1] || 0);
            if (value > ${before}) resolve(Date.now());
            else requestAnimationFrame(check);
          };
          check();
        })`);
        const published = await publishVisit(fleet[0]!, gates[0]!.id, visit);
        sent += 1;
        frameToScreen.push((await Promise.race([shown, sleep(15_000).then(() => Number.NaN)])) - published);
        await sleep(Math.max(0, VISIT_SECONDS * 1000 - (Date.now() - published)));
      }
      await Promise.all(others);
      await page.screenshot({ path: 'e2e/artifacts/bench-smartgate.png' });
    } finally {
      await browser.close();
    }

    // The operator's accepts of the other gates' records, against the same-run baseline.
    const accepts: number[] = [];
    const baseline: number[] = [];
    for (const gate of gates.slice(1)) {
      for (;;) {
        const { count } = await api.ocr.count({ query: { gateId: gate.id } });
        if (!count) break;
        accepts.push(await accept(api, gate.id).catch(() => Number.NaN));
        const at = performance.now();
        await (await fetch(`${baseUrl}/rest/health`)).arrayBuffer();
        baseline.push(performance.now() - at);
      }
    }
    const shown = percentiles(frameToScreen.filter((value) => Number.isFinite(value)));
    const accepted = percentiles(accepts.filter((value) => Number.isFinite(value)));
    const health = percentiles(baseline);
    console.log(
      table([
        ['measure', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'missed'],
        [
          'frame published → pending count on /igate',
          shown.count,
          fmt(shown.p50),
          fmt(shown.p95),
          fmt(shown.p99),
          frameToScreen.length - shown.count,
        ],
        [
          'accept → gate-in committed (igate-in)',
          accepted.count,
          fmt(accepted.p50, 1),
          fmt(accepted.p95, 1),
          fmt(accepted.p99, 1),
          accepts.length - accepted.count,
        ],
        ['GET /rest/health (baseline)', health.count, fmt(health.p50, 1), fmt(health.p95, 1), fmt(health.p99, 1), 0],
      ]),
    );
    console.log(
      JSON.stringify({
        frameToScreenP95Ms: round(shown.p95),
        acceptP99Ms: round(accepted.p99, 1),
        baselineP99Ms: round(health.p99, 1),
        visitsPublished: sent,
        gates: GATES,
        cameras: CAMERAS.length,
        visitSeconds: VISIT_SECONDS,
      }),
    );
  } finally {
    await closeFleet(fleet).catch(() => undefined);
    await child?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, main);
