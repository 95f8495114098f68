import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, withCheckDigit } from '@openyard/contracts';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// Batch files on the containers screen (issue 20): a gate-in file large enough to run as a queued
// job (BATCH_INLINE_MAX_ROWS 20 here), its progress moving on the websocket, then the result with
// its report.

const serial = Math.floor(Math.random() * 900_000);
const number = (index: number) => withCheckDigit(`EZEU${String((serial + index) % 1_000_000).padStart(6, '0')}`);
const tag = (index: number) => String(30_000_000 + ((serial * 100 + index) % 60_000_000));

describe('batch files', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ BATCH_INLINE_MAX_ROWS: '20', FEATURE_PLANNING: 'false' }),
      launchBrowser(),
    ]);
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('uploads a gate-in file, shows its progress and the result with the report', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Containers' }).click();
    await page.waitForURL(`${server.baseUrl}/containers`);
    await page.getByTestId('containers-yard-batch').click();
    const modal = page.getByRole('dialog', { name: 'Batch files' });
    await modal.waitFor();
    const rows = 120;
    const lines = ['Container Number,Tag Id,Container Size,Gate In Purpose,Trailer Number'];
    for (let index = 0; index < rows; index += 1) lines.push(`${number(index)},${tag(index)},20,Import,MH04E${index}`);
    // One bad row: no gate-in purpose (the gate form's rule).
    lines.push(`${number(rows)},${tag(rows)},20,,MH04EX`);
    await page.getByTestId('batch-file').setInputFiles({
      name: 'gate-in.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\n')),
    });
    const status = page.getByTestId('batch-status');
    await status.waitFor();
    // The progress bar moves while the job runs.
    await expect
      .poll(async () => (await status.textContent()) ?? '', { timeout: 60_000, interval: 50 })
      .toMatch(/^Running · [1-9]/);
    await screenshot(page, 'batch-progress');
    await page.getByTestId('batch-report').waitFor({ timeout: 120_000 });
    expect(await status.textContent()).toBe(`Done · ${rows + 1} of ${rows + 1} rows`);
    expect(await page.getByTestId('batch-message').textContent()).toBe(messages.batchDone(rows, rows + 1));
    await screenshot(page, 'batch-done');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-report').click()]);
    expect(download.suggestedFilename()).toMatch(/^batch-gateIn-.*\.xlsx$/);
  }, 240_000);
});
