import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_FLAGS } from '@openyard/contracts';
import { apiClient, loginToken, uniqueName } from './support/api';
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

  const permissions = (granted: string[]) =>
    Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, granted.includes(flag)]));

  it('shows the Device Logs entry once the role is given device logs, and hides it again', async () => {
    const name = uniqueName('menu');
    const api = apiClient(server.baseUrl, token);
    const { role } = await api.roles.create({ body: { name } });
    const save = (granted: string[]) =>
      api.roles.updatePermissions({
        body: { roleId: role.id, landingPage: '/containers', permissions: permissions(granted) },
      });
    await save(['containersVisible']);
    const username = uniqueName('menuuser');
    await api.users.create({
      body: { username, password: 'Menu-Pass1!', confirmPassword: 'Menu-Pass1!', role: { id: role.id } },
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
