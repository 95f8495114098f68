// The allocation Gantt in a browser (issue 17: /allocations with 200 machines): how long the chart
// takes to draw, and how long a frame of a bar's drag takes, with a day of allocations per machine.
//
//   npm run build:web && npm run bench:gantt
//
// One real server (embedded database, demo yard) and Debian's Chromium through playwright-core.
// The baseline is measured in the same run: the same chart with BASELINE_MACHINES machines (the
// demo's own and a few more), before the yard grows to MACHINES. Each machine has four allocations
// (00–05, 06–11, 12–17, 18–23 h of the yard day) in areas taken in turn. The last line is JSON.
//
// Measures, in the page:
// - drawMs: from the click on "Gantt" (the list shown before) to the frame after the chart is in the
//   page, the median of DRAWS;
// - dragFrameP50Ms / dragFrameP95Ms: for each pointer move of a bar's drag (the mouse through the
//   browser's input, DRAG_STEPS moves), from the move's event to the end of the frame that follows it;
// - nodes: the SVG elements of the chart once drawn (what the browser lays out and paints).
import type { Page } from 'playwright-core';
import { MACHINE_ALLOCATIONS_PER_SAVE, type AreaLayout } from '@openyard/contracts';
import { apiClient, loginToken, type ApiClient } from '../e2e/support/api';
import { launchBrowser } from '../e2e/support/launchBrowser';
import { loginThroughPage } from '../e2e/support/loginThroughPage';
import { startServer } from '../e2e/support/startServer';

const MACHINES = Number(process.env.GANTT_MACHINES ?? 200);
const BASELINE_MACHINES = Number(process.env.GANTT_BASELINE_MACHINES ?? 20);
const DRAWS = Number(process.env.GANTT_DRAWS ?? 5);
const DRAG_STEPS = Number(process.env.GANTT_DRAG_STEPS ?? 60);
const HOUR = 3_600_000;
const PERIODS = [
  [0, 5],
  [6, 11],
  [12, 17],
  [18, 23],
] as const;

// Each pointer move's time to the end of the next frame (a task queued from the frame's callback
// runs after the frame's style, layout and paint).
const RECORD_MOVES = `
  globalThis.benchMoves = [];
  globalThis.benchRecording = false;
  addEventListener('pointermove', () => {
    if (!globalThis.benchRecording) return;
    const started = performance.now();
    requestAnimationFrame(() => setTimeout(() => globalThis.benchMoves.push(performance.now() - started), 0));
  }, true);
`;

// From the click on "Gantt" (the list shown) to the end of the frame after the chart's first bar is
// in the page (the root tsconfig has no DOM types: the page's scripts are text, as in inventory.ts).
const DRAW = `(async () => {
  const gantt = [...document.querySelectorAll('[data-testid="allocations-shown"] label')].find(
    (label) => label.textContent === 'Gantt',
  );
  const started = performance.now();
  gantt.click();
  await new Promise((resolve) => {
    const drawn = () =>
      document.querySelector('[data-gantt-chart] [data-testid="gantt-bar"]') ? resolve() : setTimeout(drawn, 0);
    drawn();
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now() - started;
})()`;
const NEXT_FRAME = `new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)))`;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const round = (value: number) => Math.round(value * 10) / 10;

// Machines up to `count` in all, each with its four allocations of the day.
async function growYard(api: ApiClient, areas: AreaLayout[], dayStart: number, count: number, stamp: string) {
  const existing = await api.machines.list();
  const byArea = new Map<number, { machineId: number; fromTime: number; toTime: number }[]>();
  for (let index = existing.length; index < count; index += 1) {
    const { machine } = await api.machines.save({
      body: { machineName: `G${stamp}-${String(index).padStart(3, '0')}`, machineType: 'Reach-Stacker' },
    });
    PERIODS.forEach(([from, to], turn) => {
      const area = areas[(index + turn) % areas.length]!;
      const list = byArea.get(area.areaId) ?? [];
      list.push({ machineId: machine.id, fromTime: dayStart + from * HOUR, toTime: dayStart + to * HOUR });
      byArea.set(area.areaId, list);
    });
  }
  for (const [areaId, list] of byArea)
    for (let start = 0; start < list.length; start += MACHINE_ALLOCATIONS_PER_SAVE)
      await api.machineAllocations.save({
        body: { areaId, allocations: list.slice(start, start + MACHINE_ALLOCATIONS_PER_SAVE) },
      });
}

async function measure(page: Page, baseUrl: string, machines: number) {
  await page.goto(`${baseUrl}/allocations`);
  await page.locator('[data-gantt-chart]').waitFor({ timeout: 60_000 });
  await page.locator(`[data-testid="gantt-row"]`).first().waitFor();
  const draws: number[] = [];
  for (let draw = 0; draw < DRAWS; draw += 1) {
    await page.getByTestId('allocations-shown').getByText('List').click();
    await page.locator('[data-gantt-chart]').waitFor({ state: 'detached' });
    draws.push(await page.evaluate<number>(DRAW));
  }
  const nodes = await page.evaluate<number>(`document.querySelectorAll('[data-gantt-chart] *').length`);

  // A drag of the first bar along its row, by the browser's own mouse input.
  const body = page.locator('[data-testid="gantt-bar-body"]').first();
  const box = (await body.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.evaluate('globalThis.benchMoves = []; globalThis.benchRecording = true;');
  for (let step = 1; step <= DRAG_STEPS; step += 1) await page.mouse.move(x + step * 4, y);
  await page.evaluate(NEXT_FRAME);
  const moves = await page.evaluate<number[]>('globalThis.benchRecording = false; globalThis.benchMoves');
  await page.mouse.up();
  await page.getByTestId('allocations-discard').click();
  return {
    machines,
    drawMs: round(quantile(draws, 0.5)),
    dragFrameP50Ms: round(quantile(moves, 0.5)),
    dragFrameP95Ms: round(quantile(moves, 0.95)),
    dragMoves: moves.length,
    nodes,
  };
}

async function main() {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    const api = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'superadmin', 'demo'));
    const areas = (await api.yard.layout()).areaLayouts;
    const { dayStart } = await api.machineAllocations.day({ params: { day: String(Date.now()) } });
    const stamp = Date.now().toString(36).slice(-4).toUpperCase();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.addInitScript({ content: RECORD_MOVES });
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');

    await growYard(api, areas, dayStart, BASELINE_MACHINES, stamp);
    const baseline = await measure(page, server.baseUrl, (await api.machines.list()).length);
    console.log('baseline', JSON.stringify(baseline));
    await growYard(api, areas, dayStart, MACHINES, stamp);
    const grown = await measure(page, server.baseUrl, (await api.machines.list()).length);
    console.log('grown', JSON.stringify(grown));
    console.log(
      JSON.stringify({
        ...grown,
        baseline,
        drawRatio: round(grown.drawMs / baseline.drawMs),
        dragFrameP95Ratio: round(grown.dragFrameP95Ms / baseline.dragFrameP95Ms),
      }),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
