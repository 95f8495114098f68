import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { apiClient, loginToken, uniqueName, type ApiClient } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// An 8-character trailer tag of its own.
const tag = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8);

describe('trailers screen', () => {
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
  afterEach(async () => {
    await context.close();
  });

  const openTrailers = async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Trailers' }).click();
    await page.waitForURL(`${server.baseUrl}/trailers`);
  };

  it('lists trailers in the yard, shows dispatched ones on demand, dispatches one and follows changes live', async () => {
    const kept = uniqueName('KEEP').slice(0, 20);
    const leaving = uniqueName('LEAVE').slice(0, 20);
    const gone = uniqueName('GONE').slice(0, 20);
    await api.trailers.create({
      body: { trailerNumber: kept, trailerTagId: tag(), type: 'Import', trailerType: 'Drop' },
    });
    await api.trailers.create({
      body: { trailerNumber: leaving, type: 'Empty Delivery', containerNumber: 'MSKU1234565, TCLU1234567' },
    });
    const goneId = (await api.trailers.create({ body: { trailerNumber: gone, type: 'Import' } })).id!;
    await api.trailers.dispatch({ query: { id: goneId } });

    await openTrailers();
    const rows = page.getByTestId('trailers-table-row');
    await rows.filter({ hasText: kept }).waitFor();
    expect(await rows.filter({ hasText: gone }).count()).toBe(0);
    // The search box has the screen's first focus.
    const focused = await page
      .getByTestId('trailers-search')
      .evaluate(
        (element) =>
          element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
      );
    expect(focused).toBe(true);
    await screenshot(page, 'trailers-list');

    await page.getByTestId('trailers-include-dispatched').click();
    await rows.filter({ hasText: gone }).waitFor();
    expect(await rows.filter({ hasText: gone }).textContent()).toContain('HAWK-E');
    await screenshot(page, 'trailers-include-dispatched');
    await page.getByTestId('trailers-include-dispatched').click();
    await rows.filter({ hasText: gone }).waitFor({ state: 'detached' });

    // Dispatch needs exactly one selected trailer.
    await page.getByTestId('trailers-dispatch').click();
    await page.getByText(messages.trailerDispatchOneSelected).waitFor();
    await rows.filter({ hasText: leaving }).getByRole('checkbox').check();
    await page.getByTestId('trailers-dispatch').click();
    const dialog = page.getByRole('dialog', { name: `Dispatch trailer ${leaving}` });
    await dialog.waitFor();
    expect(await page.getByTestId('trailer-dispatch-mode').inputValue()).toBe('HAWK-E');
    await screenshot(page, 'trailers-dispatch-dialog');
    // Enter in the field submits the dialog.
    await page.getByTestId('trailer-dispatch-mode').press('Enter');
    await page.getByText(messages.trailerDispatched).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await rows.filter({ hasText: leaving }).waitFor({ state: 'detached' });

    // A trailer added elsewhere (the gate, another clerk) appears without a reload.
    const arriving = uniqueName('LIVE').slice(0, 20);
    await api.trailers.create({ body: { trailerNumber: arriving, type: 'Loaded Delivery' } });
    await rows.filter({ hasText: arriving }).waitFor();
    await screenshot(page, 'trailers-after-dispatch-and-live');
  });

  it('adds a PLA card and uploads PLA card and permanent trailer sheets, one result per row', async () => {
    await openTrailers();
    await page.getByTestId('trailers-tab-pla-cards').click();

    const trailerTag = tag();
    const card = uniqueName('PLA');
    await page.getByTestId('pla-cards-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add PLA card' });
    await dialog.waitFor();
    // The spec's rule answers before any call.
    await page.getByTestId('pla-card-form-tag').fill('123');
    await page.getByTestId('pla-card-form-card').fill(card);
    await page.getByTestId('pla-card-form-save').click();
    await dialog.getByText(messages.trailerTagLength).waitFor();
    await page.getByTestId('pla-card-form-tag').fill(trailerTag);
    await screenshot(page, 'trailers-pla-card-form');
    await page.getByTestId('pla-card-form-save').click();
    await page.getByText(messages.plaCardSavedNotice).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const rows = page.getByTestId('pla-cards-table-row');
    await rows.filter({ hasText: card }).waitFor();

    // The same tag again: the server's words on the field.
    await page.getByTestId('pla-cards-add').click();
    await page.getByTestId('pla-card-form-tag').fill(trailerTag);
    await page.getByTestId('pla-card-form-card').fill(uniqueName('OTHER'));
    await page.getByTestId('pla-card-form-save').click();
    await page.getByText(messages.trailerTagTaken(trailerTag)).waitFor();
    await page.keyboard.press('Escape');

    // A good sheet: every row saved.
    const uploaded = [tag(), tag()];
    await page.getByTestId('pla-cards-upload-file').setInputFiles({
      name: 'pla-cards.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `Trailer Tag Number,PLA Card Number\n${uploaded[0]},UP-${uploaded[0]}\n${uploaded[1]},UP-${uploaded[1]}\n`,
      ),
    });
    const results = page.getByTestId('upload-results');
    await results.waitFor();
    expect(await page.getByTestId('upload-results-summary').textContent()).toBe(messages.uploadSaved(2));
    await screenshot(page, 'trailers-pla-upload-saved');
    await page.getByTestId('upload-results-close').click();
    await rows.filter({ hasText: `UP-${uploaded[1]}` }).waitFor();

    // A sheet with a refused row: nothing saved, the reason on its row.
    const fresh = tag();
    await page.getByTestId('pla-cards-upload-file').setInputFiles({
      name: 'mixed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`tag,card\n${fresh},NEW-${fresh}\n${trailerTag},SOMETHING-ELSE\n`),
    });
    await results.waitFor();
    expect(await page.getByTestId('upload-results-summary').textContent()).toContain(messages.uploadRefused);
    expect(await results.textContent()).toContain(messages.trailerTagTaken(trailerTag));
    await screenshot(page, 'trailers-pla-upload-refused');
    await page.getByTestId('upload-results-close').click();
    expect((await api.trailers.plaCards({ query: { searchText: `NEW-${fresh}` } })).totalCount).toBe(0);

    // Permanent trailers take a sheet the same way.
    await page.getByTestId('trailers-tab-permanent').click();
    const number = uniqueName('PERM').slice(0, 20);
    await page.getByTestId('permanent-trailers-upload-file').setInputFiles({
      name: 'permanent.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`trailerNumber,trailerTag,trailerType,transporter\n${number},${tag()},Drop,Acme Haulage\n`),
    });
    await page.getByTestId('upload-results').waitFor();
    await page.getByTestId('upload-results-close').click();
    await page.getByTestId('permanent-trailers-table-row').filter({ hasText: number }).waitFor();
    await screenshot(page, 'trailers-permanent-list');
  });

  it('lets an operator dispatch a trailer in the yard but not one dispatched already (spec 3 §5)', async () => {
    const number = uniqueName('OPER').slice(0, 20);
    const id = (await api.trailers.create({ body: { trailerNumber: number, type: 'Import' } })).id!;
    await api.trailers.dispatch({ query: { id } });
    await loginThroughPage(page, server.baseUrl, 'operator', 'demo');
    await page.goto(`${server.baseUrl}/trailers`);
    await page.getByTestId('trailers-include-dispatched').click();
    const row = page.getByTestId('trailers-table-row').filter({ hasText: number });
    await row.getByRole('checkbox').check();
    await page.getByTestId('trailers-dispatch').click();
    await page.getByText(messages.trailerAlreadyDispatched).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'trailers-operator-dispatched-refused');
  });

  it('is read only for a gate-in clerk: writes disabled with the reason, reading and export allowed', async () => {
    await loginThroughPage(page, server.baseUrl, 'gatein', 'demo');
    await page.goto(`${server.baseUrl}/trailers`);
    await page.getByTestId('trailers-read-only').waitFor();
    for (const action of ['trailers-add', 'trailers-edit', 'trailers-delete', 'trailers-dispatch'])
      expect(await page.getByTestId(action).isDisabled(), action).toBe(true);
    expect(await page.getByTestId('trailers-export').isDisabled()).toBe(false);
    await page.getByTestId('trailers-tab-pla-cards').click();
    expect(await page.getByTestId('pla-cards-upload').isDisabled()).toBe(true);
    await screenshot(page, 'trailers-read-only');
  });
});
