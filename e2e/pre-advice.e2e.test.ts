import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, withCheckDigit } from '@openyard/contracts';
import { apiClient, loginToken, type ApiClient } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// A check-digit-valid number of its own for an owner code.
const number = (owner: string) => withCheckDigit(`${owner}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`);

describe('pre-advice screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    api = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'superadmin', 'demo'));
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('adds one by hand, uploads a sheet with one result per row, and shows the gate-in that used one', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    // Opened from the gate screen (the menu's Gate entry stays active on it).
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Gate', exact: true }).click();
    await page.getByTestId('gate-pre-advice').click();
    await page.waitForURL(`${server.baseUrl}/pre-advice`);
    const rows = page.getByTestId('pre-advices-table-row');

    // Add: a wrong check digit is answered on the field before any call.
    const added = number('MSKU');
    await page.getByTestId('pre-advices-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add pre-advice' });
    await dialog.waitFor();
    const wrong = `${added.slice(0, 10)}${(Number(added[10]) + 1) % 10}`;
    await page.getByTestId('pre-advice-form-number').fill(wrong);
    await page.getByTestId('pre-advice-form-size').click();
    await page.getByRole('option', { name: '40', exact: true }).click();
    await page.getByTestId('pre-advice-form-save').click();
    await dialog.getByText(messages.preAdviceNumberInvalid(wrong)).waitFor();
    await page.getByTestId('pre-advice-form-number').fill(added);
    await page.getByTestId('pre-advice-form-trailer').fill('MH04E2E1');
    await page.getByTestId('pre-advice-form-process').click();
    await page.getByRole('option', { name: 'Import', exact: true }).click();
    await screenshot(page, 'pre-advice-form');
    await page.getByTestId('pre-advice-form-save').click();
    await dialog.waitFor({ state: 'detached' });
    const addedRow = rows.filter({ hasText: added });
    await addedRow.waitFor();
    // The liner follows the owner code (MSKU: Maersk); the pre-advice is open.
    expect(await addedRow.textContent()).toMatch(/Maersk.*Import.*40.*MH04E2E1.*manual.*Open/);

    // A sheet: every row saved, shown with its result.
    const [first, second] = [number('MSCU'), number('TCLU')];
    await page.getByTestId('pre-advices-upload-file').setInputFiles({
      name: 'pre-advices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `Container Number,Expected Date,Expected To,Size,Type,Liner\n` +
          `${first},2030-11-25,2030-11-26,20,Dry (GP),\n${second},25-11-2030,,40,,MAERSK\n`,
      ),
    });
    const results = page.getByTestId('upload-results');
    await results.waitFor();
    expect(await page.getByTestId('upload-results-summary').textContent()).toBe(messages.uploadSaved(2));
    await screenshot(page, 'pre-advice-upload-saved');
    await page.getByTestId('upload-results-close').click();
    // The demo expects boxes of its own over the next days, listed before these of 2030: searched.
    const search = page.getByTestId('pre-advices-search');
    await search.fill(first);
    await rows.filter({ hasText: first }).waitFor();
    await search.fill(second);
    await rows.filter({ hasText: second }).waitFor();
    expect(await rows.filter({ hasText: second }).textContent()).toMatch(/Maersk.*upload.*Open/);

    // A sheet with bad rows: nothing saved, each reason on its row.
    const fresh = number('MSKU');
    await page.getByTestId('pre-advices-upload-file').setInputFiles({
      name: 'mixed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `containerNumber,expectedFrom,size\n${fresh},2030-11-25,20\n${first},2030-11-25,20\n${fresh},someday,20\n`,
      ),
    });
    await results.waitFor();
    expect(await page.getByTestId('upload-results-summary').textContent()).toContain(messages.uploadRefused);
    expect(await results.textContent()).toContain(messages.preAdviceOpenExists(first));
    expect(await results.textContent()).toContain(messages.sheetBadDate);
    await screenshot(page, 'pre-advice-upload-refused');
    await page.getByTestId('upload-results-close').click();
    expect((await api.preAdvices.page({ query: { searchText: fresh } })).totalCount).toBe(0);

    // The clerk's gate-in of the added container uses its pre-advice.
    const gate = await api.gates.create({
      body: { name: `E2E-PA-${randomUUID().slice(0, 6)}`, type: 'IN', positionLat: 18.94, positionLong: 72.95 },
    });
    const gateIn = await api.gateOperations.gateIn({
      body: {
        requestId: randomUUID().replaceAll('-', ''),
        gateId: gate.gate.id,
        mode: 'single',
        container1Data: { containerNumber: added, containerSize: '40', gateInPurpose: 'Import', tagId: 'DummyTag' },
        trailerNumber: 'MH04E2E1',
      },
    });
    expect(gateIn.responsestatus).toBe('success');
    await search.fill(added);
    await page.getByTestId('pre-advices-refresh').click();
    await addedRow.getByText('Gated in').waitFor();
    await screenshot(page, 'pre-advice-list');
  });
});
