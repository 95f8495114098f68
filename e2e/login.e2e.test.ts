import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

describe('login, menu and guards', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
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

  it('shows the login page with the product name', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.getByText('Openyard', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Container yard management').isVisible()).toBe(true);
    await screenshot(page, 'login');
  });

  it('rejects a wrong password with the server message', async () => {
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Username').fill('superadmin');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(messages.loginFailed);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-wrong-password');
  });

  it('logs the superadmin in and shows the Users menu entry', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    // The superadmin lands on the dashboard (spec 3 §6 landing pages).
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Users' }).waitFor();
    await screenshot(page, 'landing-superadmin');

    await menu.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(`${server.baseUrl}/users`);
    await page.getByRole('tab', { name: 'Users' }).waitFor();
    await screenshot(page, 'users-superadmin');
  });

  it('remembers the collapsed side menu on the device', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('button', { name: 'Collapse side menu' }).click();
    await page.getByRole('button', { name: 'Expand side menu' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Expand side menu' }).waitFor();
    // Collapsed, the entries keep their names for assistive technology and tooltips.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).waitFor();
    await screenshot(page, 'home-menu-collapsed');
    await page.getByRole('button', { name: 'Expand side menu' }).click();
  });

  it('gives the operator no Users entry and refuses /users', async () => {
    await loginThroughPage(page, server.baseUrl, 'operator', 'demo');
    // The operator's landing page is /containers (spec 3 §6), which this build has.
    expect(new URL(page.url()).pathname).toBe('/containers');
    await page.goto(`${server.baseUrl}/main`);
    await page.getByTestId('home-role').waitFor();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Home' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await screenshot(page, 'home-operator');

    await page.goto(`${server.baseUrl}/users`);
    await page.waitForURL(`${server.baseUrl}/403`);
    expect(await page.getByText('You do not have permission to open this page.').isVisible()).toBe(true);
    await screenshot(page, 'forbidden-operator');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${server.baseUrl}/main`);
  });

  it('sends a logged-out visitor to the login page and back to the wanted page afterwards', async () => {
    await page.goto(`${server.baseUrl}/users`);
    await page.waitForURL(`${server.baseUrl}/login`);
    await page.getByLabel('Username').fill('superadmin');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${server.baseUrl}/users`);
  });

  it('shows a not-found page inside the shell for unknown paths', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.goto(`${server.baseUrl}/no-such-screen`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true);
    await screenshot(page, 'not-found');
  });

  it('logs out from the user menu and forgets the session', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    await page.goto(`${server.baseUrl}/main`);
    await page.waitForURL(`${server.baseUrl}/login`);
  });

  it('logs out an idle session with the session-expired notice', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    // The device's last access was two hours ago (the demo limit is 30 minutes); the server's
    // session is still valid, so the client's own check must end it when the page opens again.
    // The old last-access time is written as the next document loads, before the app runs: set on
    // the open page, the app there could notice it first and log out before the navigation.
    const twoHoursAgo = Date.now() - 2 * 3_600_000;
    await page.addInitScript(
      `if (!sessionStorage.getItem('e2e-aged')) { sessionStorage.setItem('e2e-aged', '1'); localStorage.setItem('openyard.lastAccess', '${twoHoursAgo}'); }`,
    );
    await page.goto(`${server.baseUrl}/users`);
    await page.waitForURL(`${server.baseUrl}/login`);
    const notice = page.getByTestId('login-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(messages.sessionExpired);
    await screenshot(page, 'login-session-expired');
  });

  it('shows the unreachable flag on the root path and a modal elsewhere', async () => {
    // Every REST call fails as if the server were down; the page itself is already loaded.
    await page.route('**/rest/**', (route) => route.abort('connectionrefused'));
    await page.goto(`${server.baseUrl}/`);
    const flag = page.getByTestId('server-unreachable');
    await flag.waitFor();
    expect(await flag.textContent()).toContain(messages.serverUnreachableTitle);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'login-unreachable-flag');

    await page.goto(`${server.baseUrl}/login`);
    const dialog = page.getByRole('dialog', { name: messages.serverUnreachableTitle });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(messages.serverUnreachable);
    await screenshot(page, 'login-unreachable-modal');

    // A 503 flags it too; once the server is back, "Try again" loads the metadata and clears it.
    await page.unroute('**/rest/**');
    await page.route('**/rest/metadata', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.goto(`${server.baseUrl}/`);
    await flag.waitFor();
    await page.unroute('**/rest/metadata');
    await flag.getByRole('button', { name: 'Try again' }).click();
    await flag.waitFor({ state: 'detached' });
  });
});
