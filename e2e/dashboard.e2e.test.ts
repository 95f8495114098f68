import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_WIDGET_IDS, withCheckDigit } from '@openyard/contracts';
import { apiClient, loginToken, type ApiClient } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// The test id of the document's full-screen element (run in the page), or null.
const fullScreenTestId = () =>
  (
    globalThis as unknown as {
      document: { fullscreenElement: { getAttribute(name: string): string | null } | null };
    }
  ).document.fullscreenElement?.getAttribute('data-testid') ?? null;

const box = async (locator: Locator) => {
  const bounds = await locator.boundingBox();
  if (!bounds) throw new Error('not on the page');
  // Whole pixels: a widget placed again after a reload may land a fraction of a pixel apart.
  return {
    x: Math.round(bounds.x),
    y: Math.round(bounds.y),
    width: Math.round(bounds.width),
    height: Math.round(bounds.height),
  };
};

// Where a widget stands once the grid's move transition (0.2 s) is over.
const settled = async (locator: Locator) => {
  let last = await box(locator);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = await box(locator);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
};

describe('dashboard', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    api = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'superadmin', 'demo'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshot(page, 'dashboard-failed').catch(() => undefined);
    await context.close();
  });

  const openDashboard = async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await page.getByTestId('dashboard-gate-chart').waitFor();
  };
  const item = (widget: string) => page.getByTestId(`dashboard-item-${widget}`);

  it('shows every widget, keeps a dragged and a resized widget after a reload, maximises one', async () => {
    await openDashboard();
    for (const widget of DASHBOARD_WIDGET_IDS) await item(widget).waitFor();
    await page.getByTestId('dashboard-trailers-pie').or(page.getByTestId('dashboard-trailers-empty')).first().waitFor();
    await screenshot(page, 'dashboard');

    // Drag the aging widget by its title to the top left corner.
    const aging = item('containerAging');
    const before = await box(aging);
    const title = await box(page.getByTestId('dashboard-widget-containerAging-title'));
    const grid = await box(item('gateInOut'));
    await page.mouse.move(title.x + 20, title.y + title.height / 2);
    await page.mouse.down();
    await page.mouse.move(title.x - 100, title.y - 100, { steps: 5 });
    await page.mouse.move(grid.x + 20, grid.y + 10, { steps: 10 });
    await page.mouse.up();
    await expect
      .poll(async () =>
        (await api.enterpriseDashboard.layout()).layout?.items.find((i) => i.widget === 'containerAging'),
      )
      .toMatchObject({ x: 0, y: 0 });
    const moved = await settled(aging);
    expect(Math.round(moved.x)).toBeLessThan(Math.round(before.x));

    // Resize the gate widget from its bottom right corner: wider and taller.
    const gate = item('gateInOut');
    const gateBefore = await box(gate);
    const handle = await box(gate.locator('.react-resizable-handle-se'));
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + 150, handle.y + 120, { steps: 10 });
    await page.mouse.up();
    await expect
      .poll(async () => (await api.enterpriseDashboard.layout()).layout?.items.find((i) => i.widget === 'gateInOut')?.h)
      .toBeGreaterThan(7);
    const gateAfter = await settled(gate);
    expect(gateAfter.width).toBeGreaterThan(gateBefore.width);
    expect(gateAfter.height).toBeGreaterThan(gateBefore.height);
    await screenshot(page, 'dashboard-arranged');

    // After a reload the same arrangement comes back from the server.
    await page.reload();
    await page.getByTestId('dashboard-gate-chart').waitFor();
    expect(await settled(item('containerAging'))).toEqual(moved);
    expect(await settled(gate)).toEqual(gateAfter);

    // Maximise covers the screen region; restore puts it back in its place.
    await page.getByTestId('dashboard-widget-areaInventory-maximise').click();
    await expect
      .poll(() => page.getByTestId('dashboard-widget-areaInventory').getAttribute('data-mode'))
      .toBe('maximised');
    const big = await box(item('areaInventory'));
    expect(big.width).toBeGreaterThan(1000);
    expect(big.height).toBeGreaterThan(700);
    await page.getByTestId('dashboard-areas-chart').waitFor();
    await screenshot(page, 'dashboard-maximised');
    await page.getByTestId('dashboard-widget-areaInventory-maximise').click();
    await expect
      .poll(() => page.getByTestId('dashboard-widget-areaInventory').getAttribute('data-mode'))
      .toBe('normal');
    expect((await box(item('areaInventory'))).width).toBeLessThan(600);

    // Full screen: the widget becomes the document's full-screen element and fills the window;
    // leaving it puts it back in the grid.
    await page.getByTestId('dashboard-widget-gateInOut-fullscreen').click();
    await expect
      .poll(() => page.getByTestId('dashboard-widget-gateInOut').getAttribute('data-mode'))
      .toBe('fullscreen');
    expect(await page.evaluate(fullScreenTestId)).toBe('dashboard-widget-gateInOut');
    const full = await box(page.getByTestId('dashboard-widget-gateInOut'));
    const viewport = page.viewportSize()!;
    expect(full.width).toBeGreaterThanOrEqual(viewport.width - 2);
    expect(full.height).toBeGreaterThanOrEqual(viewport.height - 2);
    await page.getByTestId('dashboard-gate-chart').waitFor();
    await screenshot(page, 'dashboard-fullscreen');
    await page.getByTestId('dashboard-widget-gateInOut-fullscreen').click();
    await expect.poll(() => page.getByTestId('dashboard-widget-gateInOut').getAttribute('data-mode')).toBe('normal');
    expect(await page.evaluate(fullScreenTestId)).toBeNull();

    // A chart type chosen is kept with the layout.
    await page.getByTestId('dashboard-widget-customerInventory-chart-type').getByText('Pie').click();
    await page.getByTestId('dashboard-customers-pie').waitFor();
    await expect
      .poll(async () =>
        (await api.enterpriseDashboard.layout()).layout?.items.find((i) => i.widget === 'customerInventory'),
      )
      .toMatchObject({ chartType: 'pie' });
  });

  it('drills into a month of gate-ins and back, and counts a container gating in as it happens', async () => {
    await openDashboard();
    const chart = page.getByTestId('dashboard-gate-chart');
    const thisMonth = (await api.enterpriseDashboard.gateInReport()).months.at(-1)!.id;
    const gateInBar = chart.locator(
      `[data-testid="dashboard-gate-chart-bar"][data-series="Gate-in"][data-category="${thisMonth}"]`,
    );
    const before = Number(await gateInBar.getAttribute('data-value'));

    // Drill-down: the month's days, then back to the months.
    await chart.locator(`[data-testid="dashboard-gate-chart-drill"][data-category="${thisMonth}"]`).click();
    await page.getByTestId('dashboard-gate-day-chart').waitFor();
    expect(await page.getByTestId('dashboard-gate-month').textContent()).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    await screenshot(page, 'dashboard-drill-down');
    await page.getByTestId('dashboard-gate-back').click();
    await chart.waitFor();

    // A container gates in through the gate's REST call: the widget shows it without a reload.
    const asOf = Number(await page.getByTestId('dashboard-gate-months-as-of').getAttribute('data-as-of'));
    const gateIn = await api.gateOperations.gateIn({
      body: {
        requestId: randomUUID().replaceAll('-', ''),
        mode: 'single',
        container1Data: {
          containerNumber: withCheckDigit(`DSHU${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`),
          containerSize: '20',
          gateInPurpose: 'Import',
          tagId: 'DummyTag',
        },
        trailerNumber: 'MH04DASH1',
      },
    });
    expect(gateIn.responsestatus).toBe('success');
    await expect
      .poll(async () => Number(await gateInBar.getAttribute('data-value')), { timeout: 5_000 })
      .toBe(before + 1);
    expect(Number(await page.getByTestId('dashboard-gate-months-as-of').getAttribute('data-as-of'))).toBeGreaterThan(
      asOf,
    );
    await screenshot(page, 'dashboard-live');
  });
});
