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

    await gateIn();
    await expect.poll(trucksShown, until()).toBe(before + 1);
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
