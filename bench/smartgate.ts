// `npm run bench:smartgate`: the smart gate's OCR queue under camera load (issue 16).
//
//   1. Starts Openyard embedded in a child process (bench/lib/stack-child.ts), with the OCR workers.
//   2. BENCH_GATES (3) IN gates of the bench's own, 5 cameras each (Front, Rear, Top, Side1, Side2),
//      publish one truck visit every BENCH_VISIT_SECONDS (10) per gate over MQTT: a rendered
//      container frame per camera (the simulator's renderer), QoS 1.
//   3. Chromium on /igate, on the first bench gate: the time from a visit's first frame published to
//      the queue's pending count shown one higher on the open screen (read every animation frame).
//   4. While the cameras publish: the operator's accept at an OUT gate of the bench's own, timed from
//      `POST gate/igate-dispatch` (a gate pass verified first, as the screen does) to its committed
//      answer, BENCH_DISPATCHES (60) of them spread over the load, each followed by GET /rest/health
//      (the baseline under the same load). The OUT gate's queue is filled before the load: one Front
//      frame per truck, of a container gated in with a gate pass, its capture times a visit window
//      apart so that each is a truck of its own.
//   5. Once the cameras stop: `POST gate/igate-in` of each pending record of the other IN gates, one
//      after another, timed to its committed answer, with GET /rest/health as the same-run baseline.
// The last line printed is one JSON object: {"frameToScreenP95Ms","acceptP99Ms","acceptDispatchP99Ms",…}.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import { chromium } from 'playwright-core';
import { encodeFrame, topics as deviceTopics, type CamConfigEntry } from '@openyard/contracts';
import { randomScene, renderContainerFrame, type ContainerScene } from '@openyard/simulator/frames';
import { benchLogin, type BenchClient } from './lib/api';
import { startChild, type Child } from './lib/child';
import { closeFleet, connectFleet } from '../loadtest/node/load';
import { runIfMain } from './lib/main';
import { stackEnv } from './lib/stack-env';
import { fmt, percentiles, round, sleep, table } from '../loadtest/node/stats';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const GATES = number('BENCH_GATES', 3);
const VISIT_SECONDS = number('BENCH_VISIT_SECONDS', 10);
const VISITS = number('BENCH_VISITS', 12);
const DISPATCHES = number('BENCH_DISPATCHES', 60);
// The server's OCR_VISIT_WINDOW_MS default (frames closer than this join one truck's record).
const VISIT_WINDOW_MS = 5000;
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

// The OUT gate's queue before the load: for each container, one Front frame of it, captured a visit
// window after the previous one (in the past, so that the queue's order is the containers' order).
async function queueDispatches(client: MqttClient, gateId: number, scenes: ContainerScene[]) {
  const first = Date.now() - 60_000 - scenes.length * (VISIT_WINDOW_MS + 1000);
  for (const [index, scene] of scenes.entries()) {
    const jpeg = await renderContainerFrame(scene);
    const timestamp = first + index * (VISIT_WINDOW_MS + 1000);
    const frame = encodeFrame({ messageId: `out${gateId}-${index}`, timestamp }, jpeg);
    await client.publishAsync(deviceTopics.cameraFrame(gateId, 'Front'), Buffer.from(frame), { qos: 1 });
  }
}

// The operator at the OUT gate: the next truck, its gate pass verified, then the accept (timed).
async function acceptDispatch(api: BenchClient, gateId: number, scene: ContainerScene, trailerNumber: string) {
  const record = await api.ocr.next({ query: { gateId } });
  // The read when OCR got it right; else the operator types the number on the box.
  const containerNumber = scene.containerNumber;
  const { gatePass } = await api.smartGate.gatePass({ query: { containerNumber } });
  if (!gatePass) throw new Error(`No gate pass for ${containerNumber}`);
  const started = performance.now();
  const answer = await api.smartGate.igateDispatch({
    body: {
      requestId: randomUUID().replaceAll('-', ''),
      gateId,
      recordId: record.id,
      containerNumber,
      containerSize: '20',
      exitProcess: 'Import',
      trailerNumber,
      dispatchTime: Date.now(),
      gateOutDetails: {
        gatePass: { id: gatePass.id, containerNumber },
        snapshotData: { images: record.data.images, suggestedContainerNumber: record.data.containerNumber },
      },
    },
  });
  const elapsed = performance.now() - started;
  if (!answer.dispatched) throw new Error(`Not dispatched: ${answer.message}`);
  return elapsed;
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
    const outSaved = await api.gates.create({
      body: {
        name: `Bench-${tag}-SGOUT`,
        type: 'OUT',
        positionLat: 18.94,
        positionLong: 72.95,
        camConfig: CAMERAS.map((id) => ({ id, name: id })),
      },
    });
    const outGate = {
      id: outSaved.gate.id,
      username: outSaved.credentials!.mqttUsername,
      password: outSaved.credentials!.mqttPassword,
    };
    const me = await api.users.me();
    await api.smartGate.setUserGates({ params: { id: me.id }, body: { gateIds: gates.map((gate) => gate.id) } });
    fleet.push(
      ...(await connectFleet(
        started.brokerUrl!,
        [...gates, outGate].map((gate) => ({
          clientId: gate.username,
          username: gate.username,
          password: gate.password,
        })),
      )),
    );
    const outClient = fleet[gates.length]!;

    // The containers the OUT gate dispatches: in the yard (the clerk's gate-in) with a gate pass,
    // and a truck for each in the OUT gate's queue.
    const outScenes = Array.from({ length: DISPATCHES }, () => randomScene());
    const trailerOf = (index: number) => `SGO${tag}${index}`.slice(0, 20);
    for (const [index, scene] of outScenes.entries()) {
      const gateIn = await api.gateOperations.gateIn({
        body: {
          requestId: randomUUID().replaceAll('-', ''),
          gateId: gates[0]!.id,
          mode: 'single',
          container1Data: {
            containerNumber: scene.containerNumber,
            containerSize: '20',
            gateInPurpose: 'Import',
            tagId: 'DummyTag',
          },
          trailerNumber: trailerOf(index),
        },
      });
      if (gateIn.responsestatus !== 'success')
        throw new Error(`Gate-in of ${scene.containerNumber}: ${gateIn.message}`);
      await api.smartGate.createGatePass({ body: { containerNumber: scene.containerNumber, date: Date.now() } });
    }
    await queueDispatches(outClient, outGate.id, outScenes);
    for (const deadline = Date.now() + 180_000; ; await sleep(500)) {
      const { count } = await api.ocr.count({ query: { gateId: outGate.id } });
      if (count >= DISPATCHES) break;
      if (Date.now() > deadline) throw new Error(`The OUT gate's queue holds ${count} of ${DISPATCHES} trucks`);
    }

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const frameToScreen: number[] = [];
    const dispatches: number[] = [];
    const dispatchBaseline: number[] = [];
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
      // The OUT gate's operator, spread over the load (the first and last visit periods left out).
      const dispatching = (async () => {
        const every = ((VISITS - 1) * VISIT_SECONDS * 1000) / DISPATCHES;
        await sleep(VISIT_SECONDS * 1000);
        for (const [index, scene] of outScenes.entries()) {
          const at = Date.now();
          dispatches.push(
            await acceptDispatch(api, outGate.id, scene, trailerOf(index)).catch((error: unknown) => {
              console.error(String(error));
              return Number.NaN;
            }),
          );
          const probe = performance.now();
          await (await fetch(`${baseUrl}/rest/health`)).arrayBuffer();
          dispatchBaseline.push(performance.now() - probe);
          await sleep(Math.max(0, every - (Date.now() - at)));
        }
      })();
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
      await Promise.all([...others, dispatching]);
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
    const dispatched = percentiles(dispatches.filter((value) => Number.isFinite(value)));
    const healthUnderLoad = percentiles(dispatchBaseline);
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
        [
          'accept → dispatch committed (igate-dispatch), cameras on',
          dispatched.count,
          fmt(dispatched.p50, 1),
          fmt(dispatched.p95, 1),
          fmt(dispatched.p99, 1),
          dispatches.length - dispatched.count,
        ],
        [
          'GET /rest/health, cameras on (baseline)',
          healthUnderLoad.count,
          fmt(healthUnderLoad.p50, 1),
          fmt(healthUnderLoad.p95, 1),
          fmt(healthUnderLoad.p99, 1),
          0,
        ],
        ['GET /rest/health (baseline)', health.count, fmt(health.p50, 1), fmt(health.p95, 1), fmt(health.p99, 1), 0],
      ]),
    );
    console.log(
      JSON.stringify({
        frameToScreenP95Ms: round(shown.p95),
        acceptP99Ms: round(accepted.p99, 1),
        baselineP99Ms: round(health.p99, 1),
        acceptDispatchP50Ms: round(dispatched.p50, 1),
        acceptDispatchP99Ms: round(dispatched.p99, 1),
        dispatchBaselineP99Ms: round(healthUnderLoad.p99, 1),
        dispatches: dispatched.count,
        dispatchesMissed: dispatches.length - dispatched.count,
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
