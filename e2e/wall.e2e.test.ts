import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@openyard/contracts';
import { apiClient, loginToken, type ApiClient } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { screenshot } from './support/screenshot';
import { freePort, startServer, type RunningServer } from './support/startServer';

// The wall display (issue 18): an admin makes a display token; a TV opens /wall with it (no
// password), shows the tiles at 1920x1080, follows a gate-in live, and, when the server restarts
// on the same data, reconnects by itself and follows the next one.
describe('wall display', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let env: Record<string, string>;
  let gateId: number;
  let serial = Number(String(Date.now()).slice(-5));

  const gateIn = async () => {
    serial += 1;
    const answer = await api.gateOperations.gateIn({
      body: {
        requestId: randomUUID().replaceAll('-', ''),
        gateId,
        mode: 'single',
        container1Data: {
          containerNumber: withCheckDigit(`OYWU${String(serial % 1_000_000).padStart(6, '0')}`),
          containerSize: '20',
          gateInPurpose: 'Import',
          tagId: String(60_000_000 + serial),
        },
        trailerNumber: `WALL${serial}`,
      },
    });
    expect(answer.responsestatus).toBe('success');
  };
  const trucksShown = async () => Number(await page.getByTestId('wall-gate-trucks').textContent());
  const textOf = (testId: string) => page.getByTestId(testId).textContent();
  // When the tile last took in a live message (epoch ms), as a benchmark reads it.
  const liveAtOf = async (testId: string) => Number((await page.getByTestId(testId).getAttribute('data-live-at')) ?? 0);
  // Figures arrive by themselves: polled from the test, never by a reload.
  const until = (timeout = 20_000) => ({ timeout, interval: 200 });

  beforeAll(async () => {
    env = { MQTT_PORT: String(await freePort()) };
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
    api = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'superadmin', 'demo'));
    const gates = await api.gates.list();
    gateId = gates.find((gate) => gate.type === 'IN')!.id;
    context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('signs in with a display token, shows its tiles, and follows a gate-in live', async () => {
    const admin = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'admin', 'demo'));
    const { token } = await admin.displayTokens.create({ body: { name: 'Control room TV' } });
    await page.goto(`${server.baseUrl}/wall?token=${token}`);
    await page.getByTestId('wall').waitFor();
    // The token is out of the address bar.
    expect(page.url()).toBe(`${server.baseUrl}/wall`);
    for (const tile of ['yard', 'gate', 'ocr', 'machines']) await page.getByTestId(`wall-tile-${tile}`).waitFor();
    await page.locator('[data-testid="live-freshness"][data-tone="live"]').waitFor();
    await expect.poll(() => textOf('wall-gate-trucks'), until()).not.toBe('–');
    await expect
      .poll(async () => Number((await textOf('wall-yard-containers'))?.replace(/[^0-9]/g, '')), until())
      .toBeGreaterThan(0);
    const before = await trucksShown();
    await screenshot(page, 'wall-tiles');

    const sentAt = Date.now();
    await gateIn();
    await expect.poll(trucksShown, until()).toBe(before + 1);
    // The gate tile's frame says when its trucks took in the visit.
    expect(await liveAtOf('wall-tile-gate')).toBeGreaterThanOrEqual(sentAt - 1_000);
    // A display changes nothing: its session is refused a write.
    const refused = await page.evaluate(async () => {
      const response = await fetch('/rest/enterprise/display-tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'sneaky' }),
      });
      return response.status;
    });
    expect(refused).toBe(403);
  }, 120_000);

  it('rotates one tile at a time when asked', async () => {
    await page.goto(`${server.baseUrl}/wall?tiles=machines,gate&rotate=5`);
    await page.getByTestId('wall-tile-machines').waitFor();
    expect(await page.getByTestId('wall').getAttribute('data-tiles')).toBe('machines');
    await screenshot(page, 'wall-rotating-machines');
    await page.getByTestId('wall-tile-gate').waitFor({ timeout: 8_000 });
    expect(await page.getByTestId('wall').getAttribute('data-tiles')).toBe('gate');
  }, 60_000);

  it('shows an alarm live when a machine breaks down and clears it when it works again', async () => {
    await page.goto(`${server.baseUrl}/wall?tiles=alarms,machines`);
    await page.getByTestId('wall-tile-alarms').waitFor();
    await page.locator('[data-testid="live-freshness"][data-tone="live"]').waitFor();
    await expect.poll(() => textOf('wall-alarms-critical'), until()).not.toBe('–');
    const criticalBefore = Number(await textOf('wall-alarms-critical'));
    const machine = (await api.machines.list()).find((each) => each.machineStatus !== 'Break-Down')!;
    const save = (machineStatus: string) =>
      api.machines.save({
        body: { id: machine.id, machineName: machine.machineName, machineType: machine.machineType, machineStatus },
      });
    const row = page.locator('[data-testid^="wall-alarm-"]', { hasText: `${machine.machineName} is broken down` });

    const savedAt = Date.now();
    await save('Break-Down');
    await row.waitFor();
    const shownAfter = Date.now() - savedAt;
    expect(Number(await textOf('wall-alarms-critical'))).toBe(criticalBefore + 1);
    // Stamped with the alarm's message, raised after the save was sent.
    expect(await liveAtOf('wall-tile-alarms')).toBeGreaterThanOrEqual(savedAt - 1_000);
    expect(await row.getByTestId(/-age$/).textContent()).toMatch(/^\d+s$/);
    // The machines tile shows it red, from its own live list.
    await expect.poll(() => textOf('wall-machines-red'), until()).not.toBe('0');
    expect(await liveAtOf('wall-tile-machines')).toBeGreaterThanOrEqual(savedAt - 1_000);
    await screenshot(page, 'wall-alarm-raised');

    const clearedAt = Date.now();
    await save('Working');
    await row.waitFor({ state: 'detached' });
    expect(Number(await textOf('wall-alarms-critical'))).toBe(criticalBefore);
    expect(await liveAtOf('wall-tile-alarms')).toBeGreaterThanOrEqual(clearedAt - 1_000);
    console.info(`alarm shown on the wall ${shownAfter} ms after the save was sent`);
  }, 60_000);

  it('shows dashboard widgets as tiles, magnified, kept live by one subscription for the wall', async () => {
    const subscribed: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        const command = JSON.parse(String(payload)) as { op?: string; topic?: string };
        if (command.op === 'subscribe' && command.topic) subscribed.push(command.topic);
      }),
    );
    await page.goto(`${server.baseUrl}/wall?tiles=gate-in-out,container-aging,alarms,machine-tasks`);
    const tile = page.getByTestId('wall-tile-gate-in-out');
    await tile.waitFor();
    await page.locator('[data-testid="live-freshness"][data-tone="live"]').waitFor();
    // The dashboard's own widget inside, drawn at more than life size.
    const gateIns = tile.locator('[data-testid="dashboard-gate-chart-bar"][data-series="Gate-in"]').last();
    await gateIns.waitFor();
    expect(Number(await tile.locator('[data-scale]').getAttribute('data-scale'))).toBeGreaterThan(1.5);
    // Nothing to click on a wall: the widgets' choices are words, their drill-downs left out.
    expect(await page.getByTestId('dashboard-machines-period').textContent()).toBe('Today');
    expect(await tile.getByTestId('dashboard-gate-chart-drill').count()).toBe(0);
    await page.getByTestId('wall-tile-container-aging').locator('[data-testid="dashboard-aging-as-of"]').waitFor();
    await screenshot(page, 'wall-widgets');

    const before = Number(await gateIns.getAttribute('data-value'));
    const liveAtBefore = await liveAtOf('wall-tile-gate-in-out');
    expect(liveAtBefore).toBeGreaterThan(0);
    const sentAt = Date.now();
    await gateIn();
    await expect.poll(async () => Number(await gateIns.getAttribute('data-value')), until()).toBe(before + 1);
    const shownAfter = Date.now() - sentAt;
    expect(await liveAtOf('wall-tile-gate-in-out')).toBeGreaterThan(liveAtBefore);
    // Every widget of the wall on one `dashboard` subscription.
    expect(subscribed.filter((topic) => topic === 'dashboard')).toHaveLength(1);
    console.info(`gate-in shown on the wall's gate months ${shownAfter} ms after it was sent`);

    // Every widget at once, and the default wall with the alarms, to look at.
    await page.goto(
      `${server.baseUrl}/wall?tiles=gate-in-out,monthly-movements,area-inventory,empty-slots,container-aging,customer-inventory:pie,machine-tasks,yard-trailers`,
    );
    await page.getByTestId('wall-tile-yard-trailers').waitFor();
    // The customer widget in the chart type the address asked for.
    await page.getByTestId('wall-tile-customer-inventory').getByTestId('dashboard-customers-pie').waitFor();
    await page.getByTestId('wall-tile-yard-trailers').locator('[data-testid$="-as-of"]').first().waitFor();
    await page.locator('[data-testid="live-freshness"][data-tone="live"]').waitFor();
    await screenshot(page, 'wall-all-widgets');
    await page.goto(`${server.baseUrl}/wall`);
    for (const id of ['yard', 'gate', 'ocr', 'machines', 'alarms']) await page.getByTestId(`wall-tile-${id}`).waitFor();
    await expect.poll(() => textOf('wall-alarms-critical'), until()).not.toBe('–');
    await page.locator('[data-testid="live-freshness"][data-tone="live"]').waitFor();
    await screenshot(page, 'wall-default');
  }, 90_000);

  it('survives a server restart: shows it is reconnecting, reconnects by itself and follows the next gate-in', async () => {
    await page.goto(`${server.baseUrl}/wall?tiles=gate,yard`);
    await page.locator('[data-testid="live-freshness"][data-tone="live"]').waitFor();
    await expect.poll(() => textOf('wall-gate-trucks'), until()).not.toBe('–');
    const before = await trucksShown();

    const { dataDir, baseUrl } = server;
    await server.stop({ keepDataDir: true });
    await page.locator('[data-testid="live-freshness"][data-tone="reconnecting"]').waitFor();
    await screenshot(page, 'wall-reconnecting');
    server = await startServer(env, { port: Number(new URL(baseUrl).port), dataDir });
    api = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'superadmin', 'demo'));

    // Back without a reload or a click (the backoff is at most 30 s).
    await page.locator('[data-testid="live-freshness"][data-tone="live"]').waitFor({ timeout: 60_000 });
    await gateIn();
    await expect.poll(trucksShown, until()).toBe(before + 1);
    await screenshot(page, 'wall-after-restart');
  }, 180_000);
});
