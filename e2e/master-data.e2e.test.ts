import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterListOf, messages } from '@openyard/contracts';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// Master-data maintenance (issue 22): a liner's colour edited on /master-data repaints /inventory,
// open in another browser, live (no reload); a liner in use is not deleted.
describe('master data screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let otherBrowser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser, otherBrowser] = await Promise.all([startServer(), launchBrowser(), launchBrowser()]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await otherBrowser?.close();
    await server?.stop();
  });

  const open = async (on: Browser, menu: string, path: string) => {
    const context = await on.newContext({ viewport: { width: 1600, height: 940 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: menu, exact: true }).click();
    await page.waitForURL(`${server.baseUrl}${path}`);
    return page;
  };
  // The legend swatch's inline style holds the liner's colour as the grid draws it.
  const swatchColour = async (page: Page, liner: string) =>
    (await page
      .locator(`[data-testid="inventory-liner-swatch"][data-liner="${liner}"]`)
      .first()
      .getAttribute('style')) ?? '';

  it('repaints the inventory live when a liner’s colour changes, and keeps a liner in use', async () => {
    const inventory = await open(otherBrowser, 'Inventory', '/inventory');
    await inventory.locator('[data-testid="live-status"][data-status="open"]').waitFor();
    await inventory.locator('[data-testid="inventory-grid"] canvas#inventory-slots').waitFor();
    const swatch = inventory.getByTestId('inventory-liner-swatch').first();
    await swatch.waitFor();
    const liner = (await swatch.getAttribute('data-liner'))!;
    const before = await swatchColour(inventory, liner);
    expect(before).toMatch(/background: rgba?\(/);
    expect(before).not.toMatch(/rgba?\(255, 0, 255/);
    // Marks this document: a reload would lose it.
    await inventory.evaluate(() => {
      (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument = true;
    });
    await screenshot(inventory, 'master-data-inventory-before');

    const page = await open(browser, 'Master Data', '/master-data');
    const table = page.getByTestId('master-items-table');
    const row = table.getByRole('row', { name: new RegExp(liner) }).first();
    await row.waitFor();
    await screenshot(page, 'master-data-liners');

    // Edit the liner's colour: a double-click opens the form.
    await row.dblclick();
    const form = page.getByTestId('master-item-form');
    await form.waitFor();
    await page.getByTestId('master-item-form-color').fill('#FF00FF');
    await page.getByTestId('master-item-form-name').click();
    await screenshot(page, 'master-data-liner-form');
    await page.getByTestId('master-item-form-save').click();
    await page.getByText(messages.masterItemSaved('Liner')).first().waitFor();
    await form.waitFor({ state: 'hidden' });
    await table.getByText('#FF00FF').waitFor();

    // The other browser's inventory repaints without a reload.
    await expect
      .poll(() => swatchColour(inventory, liner), { timeout: 15_000, interval: 250 })
      .toMatch(/rgba?\(255, 0, 255/);
    expect(await inventory.evaluate(() => (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument === true)).toBe(
      true,
    );
    await inventory.waitForTimeout(500);
    await screenshot(inventory, 'master-data-inventory-after');

    // A liner whose prefixes containers in the yard carry is in use: the delete is refused in words.
    await row.click();
    await page.getByTestId('master-items-delete').click();
    await page.getByTestId('confirm-dialog-ok').click();
    const { noun, usedBy } = masterListOf('liner-infos');
    await page
      .getByText(messages.masterItemInUse(noun, liner, usedBy))
      .first()
      .waitFor();
    await screenshot(page, 'master-data-liner-in-use');
    await expect(row.isVisible()).resolves.toBe(true);

    // Another list of the same editor: a task type added shows in its tab.
    await page.getByTestId('master-tab-task-types').click();
    await page.getByTestId('master-items-add').click();
    await page.getByTestId('master-item-form-name').fill('Reefer Plug-in');
    await page.getByTestId('master-item-form-save').click();
    await table.getByRole('row', { name: /Reefer Plug-in/ }).waitFor();
    await screenshot(page, 'master-data-task-types');
  });
});
