import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { startServer, type RunningServer } from './support/startServer';

// Dialogs open with the focus on their first field and give it back to the control that opened
// them (AppModal; the confirm dialog starts on its safe answer). Keyboard only, once on the page.
describe('dialog focus', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.goto(`${server.baseUrl}/users`);
    await page.getByTestId('users-table-row').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // The page's document, typed as far as these checks use it (the e2e project has no DOM lib); the
  // functions run in the page, so each names it itself.
  type PageDocument = {
    activeElement: {
      closest(selector: string): { getAttribute(name: string): string | null } | null;
      tagName: string;
    } | null;
  };
  const isFocused = (locator: Locator) =>
    locator.evaluate(
      (element) =>
        element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
    );
  const focusedTestId = () =>
    page.evaluate(() => {
      const active = (globalThis as unknown as { document: PageDocument }).document.activeElement;
      return active?.closest('[data-testid]')?.getAttribute('data-testid') ?? active?.tagName ?? null;
    });

  it('a dialog mounted on opening (Add user): first field, then back to the Add button', async () => {
    const add = page.getByTestId('users-add');
    await add.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Add user' }).waitFor();
    await expect.poll(() => isFocused(page.getByTestId('user-form-username'))).toBe(true);
    // Typing goes to the field at once.
    await page.keyboard.type('typed');
    expect(await page.getByTestId('user-form-username').inputValue()).toBe('typed');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Add user' }).waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(add)).toBe(true);
  });

  it('a dialog kept mounted and opened (Export): first choice, then back to the Export button', async () => {
    const exportButton = page.getByTestId('users-export');
    await exportButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Export users' }).waitFor();
    await expect.poll(focusedTestId).toBe('export-dialog-current');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Export users' }).waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(exportButton)).toBe(true);
  });

  it('the confirm dialog before a deletion starts on Cancel and gives the focus back', async () => {
    await page.getByTestId('users-table-row').first().getByRole('checkbox').focus();
    await page.keyboard.press('Space');
    const remove = page.getByTestId('users-delete');
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedTestId).toBe('confirm-dialog-cancel');
    await page.keyboard.press('Enter');
    await page.getByTestId('confirm-dialog-cancel').waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(remove)).toBe(true);
  });

  it('a screen opened from the menu takes the focus: Tab goes on inside the screen, not the menu', async () => {
    const menuLink = page.locator('nav a[href="/containers"]').first();
    await menuLink.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/containers$/);
    await page.getByTestId('containers-table-yard-row').first().waitFor();
    const screen = page.getByRole('main', { name: 'Screen' });
    await expect.poll(() => isFocused(screen)).toBe(true);
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => {
        const { document } = globalThis as unknown as {
          document: { activeElement: { closest(selector: string): unknown } | null };
        };
        return (
          document.activeElement?.closest('main') !== null && document.activeElement?.closest('main') !== undefined
        );
      }),
    ).toBe(true);
  });
});
