import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_FLAGS } from '@openyard/contracts';
import { loginToken, uniqueName } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// Issue 13 point 24: a change of a role's permissions reaches its signed-in users' menus live (the
// hub tells their web, which fetches the user again), without a reload.
describe('permission changes reach the menu live', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await loginToken(server.baseUrl, 'superadmin', 'demo');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function call(method: string, path: string, body: unknown) {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  }
  const permissions = (granted: string[]) =>
    Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, granted.includes(flag)]));

  it('shows the Device Logs entry once the role is given device logs, and hides it again', async () => {
    const name = uniqueName('menu');
    const { role } = (await call('POST', '/rest/enterprise/roles', { name })) as { role: { id: number } };
    const save = (granted: string[]) =>
      call('PUT', '/rest/enterprise/roles/permissions', {
        roleId: role.id,
        landingPage: '/containers',
        permissions: permissions(granted),
      });
    await save(['containersVisible']);
    const username = uniqueName('menuuser');
    await call('POST', '/rest/enterprise/users', {
      username,
      password: 'Menu-Pass1!',
      confirmPassword: 'Menu-Pass1!',
      role: { id: role.id },
    });

    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
    const liveSocket = page.waitForEvent('websocket');
    await loginThroughPage(page, server.baseUrl, username, 'Menu-Pass1!');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Containers' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Device Logs' }).count()).toBe(0);
    // The live connection is open (the hub answered it) before the change; a reload would lose the mark.
    await (await liveSocket).waitForEvent('framereceived');
    await page.evaluate(() => ((globalThis as { notReloaded?: boolean }).notReloaded = true));

    await save(['containersVisible', 'deviceLogsVisible']);
    await menu.getByRole('link', { name: 'Device Logs' }).waitFor();
    await screenshot(page, 'menu-live-device-logs-granted');
    await save(['containersVisible']);
    await menu.getByRole('link', { name: 'Device Logs' }).waitFor({ state: 'detached' });
    // Same document throughout: no reload.
    expect(await page.evaluate(() => (globalThis as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await page.context().close();
  });
});
