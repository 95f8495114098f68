import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEARCH_TERMS, messages } from '@openyard/contracts';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// Issue 13 point 4: a search takes at most MAX_SEARCH_TERMS texts; the form says so on the search
// field before anything is sent (the server refuses more with the same words).
describe('containers search texts', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(`refuses more than ${MAX_SEARCH_TERMS} texts on the field, and searches with ${MAX_SEARCH_TERMS}`, async () => {
    await loginThroughPage(page, server.baseUrl, 'admin', 'demo');
    await page.goto(`${server.baseUrl}/containers`);
    await page.getByTestId('containers-table-yard').getByTestId('containers-table-yard-row').first().waitFor();
    const searchText = page.getByTestId('containers-yard-search-text');
    for (let i = 1; i <= MAX_SEARCH_TERMS; i += 1) {
      await searchText.fill(`text${i}`);
      await searchText.press(',');
    }
    await searchText.fill('one more');
    await searchText.press('Enter');
    const refusal = page.getByText(messages.searchTooManyTerms(MAX_SEARCH_TERMS));
    await refusal.waitFor();
    await screenshot(page, 'containers-search-too-many-texts');
    expect(await page.getByTestId('containers-yard-tab-search').count()).toBe(0);

    // The typed text dropped, the eight kept ones search (and find nothing); the refusal is gone.
    await searchText.fill('');
    await searchText.press('Enter');
    await page.getByTestId('containers-yard-tab-search').waitFor();
    await refusal.waitFor({ state: 'detached' });
    await page.getByText('No containers match this search').waitFor();
  });
});
