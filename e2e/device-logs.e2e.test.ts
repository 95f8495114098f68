import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceUsername } from '@openyard/contracts';
import { demoReaders, type DemoReader } from './support/demoDevices';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { connectReader, type MqttReader } from './support/mqttReader';
import { screenshot } from './support/screenshot';
import { freePort, startServer, type RunningServer } from './support/startServer';

describe('device logs screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let reader: DemoReader;
  let device: MqttReader;

  beforeAll(async () => {
    const mqttPort = await freePort();
    [server, browser] = await Promise.all([startServer({ MQTT_PORT: String(mqttPort) }), launchBrowser()]);
    const [first] = await demoReaders(server.dataDir);
    if (!first) throw new Error('no demo reader');
    reader = first;
    device = await connectReader(mqttPort, reader);
  });
  afterAll(async () => {
    await device?.close();
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterEach(async () => {
    await context.close();
  });

  const rowsWithTag = (tagId: string) => page.getByTestId('device-logs-table-row').filter({ hasText: tagId });
  // After a filter change the table shows the previous rows, busy, until the new page has loaded.
  const loaded = () => page.locator('[data-testid="device-logs-table"][aria-busy="false"]').waitFor();

  it('shows a tag read as a TAG_DATA row as it arrives, without a reload', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Device Logs' }).click();
    await page.waitForURL(`${server.baseUrl}/device-logs`);
    await page.locator('[data-testid="live-status"][data-status="open"]').waitFor();
    // The first page has loaded (rows, or the empty text of a quiet yard).
    await page
      .locator('[data-testid="device-logs-table-row"], [data-testid="device-logs-table-empty"]')
      .first()
      .waitFor();
    await page.evaluate(() => {
      (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument = true;
    });

    await device.tagRead('12345678');
    const row = rowsWithTag('12345678').first();
    await row.waitFor();
    expect(await row.getByTestId('device-log-type').textContent()).toBe('TAG_DATA');
    expect(await row.textContent()).toContain(deviceUsername('reader', reader.id));
    await screenshot(page, 'device-logs-live-tag');

    // Narrowed to RFNOK, a tag read does not belong; back on TAG_DATA the next one appears live too.
    await page.getByTestId('device-logs-filter').getByText('RFNOK', { exact: true }).click();
    await loaded();
    expect(await rowsWithTag('12345678').count()).toBe(0);
    await page.getByTestId('device-logs-filter').getByText('TAG_DATA', { exact: true }).click();
    await rowsWithTag('12345678').first().waitFor();
    // A heartbeat is RFNOK, not TAG_DATA: it stays out of this list while the next tag comes in.
    await device.heartbeat('NOK');
    await device.tagRead('87654321');
    await rowsWithTag('87654321').first().waitFor();
    expect(await page.getByTestId('device-logs-table-row').filter({ hasText: 'RFNOK' }).count()).toBe(0);
    await page.getByTestId('device-logs-filter').getByText('RFNOK', { exact: true }).click();
    await page.getByTestId('device-logs-table-row').filter({ hasText: 'Heartbeat' }).first().waitFor();
    await screenshot(page, 'device-logs-filter-rfnok');

    expect(await page.evaluate(() => (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument)).toBe(true);
  });

  it('offers the new entries when the user is further back, and shows them on page 1', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.goto(`${server.baseUrl}/device-logs`);
    await page.locator('[data-testid="live-status"][data-status="open"]').waitFor();
    await page.getByTestId('device-logs-device').click();
    await page.getByRole('option', { name: deviceUsername('reader', reader.id), exact: true }).click();
    await page.getByTestId('device-logs-filter').getByText('RF_OK', { exact: true }).click();
    await page.getByTestId('device-logs-table-empty').waitFor();

    // 101 heartbeats arrive live on page 1: a second page of one entry.
    for (let index = 0; index < 101; index += 1) await device.heartbeat('OK');
    const total = page.getByTestId('device-logs-table-pager-total');
    await expect.poll(() => total.textContent(), { timeout: 20_000 }).toBe('101 total');
    expect(await page.getByTestId('device-logs-table-row').count()).toBe(100);

    await page.getByTestId('device-logs-table-pager-next').click();
    await expect.poll(() => page.getByTestId('device-logs-table-row').count()).toBe(1);
    await device.heartbeat('OK');
    const notice = page.getByTestId('device-logs-new-entries');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('1 new entry');
    // Page 2 stays as it was while the user reads it.
    expect(await page.getByTestId('device-logs-table-row').count()).toBe(1);
    await screenshot(page, 'device-logs-new-entries');

    await notice.click();
    await expect.poll(() => page.getByTestId('device-logs-table-pager-status').textContent()).toBe('Page 1 of 2');
    await expect.poll(() => total.textContent()).toBe('102 total');
    await notice.waitFor({ state: 'detached' });
  });
});
