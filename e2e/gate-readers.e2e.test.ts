import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { apiClient, loginToken, refusalOf, uniqueName } from './support/api';
import { demoReaders, type DemoReader } from './support/demoDevices';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { connectReader, type MqttReader } from './support/mqttReader';
import { screenshot } from './support/screenshot';
import { freePort, startServer, type RunningServer } from './support/startServer';

// Short health thresholds so that a reader goes Idle after 3 s and NOK after 8 s of silence.
const HEALTH_ENV = { READER_IDLE_AFTER_MS: '3000', READER_NOK_AFTER_MS: '8000', HEALTH_AGEING_INTERVAL_MS: '1000' };

describe('gate readers screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let mqttPort: number;
  let token: string;
  let readers: DemoReader[];
  const devices: MqttReader[] = [];

  beforeAll(async () => {
    mqttPort = await freePort();
    [server, browser] = await Promise.all([
      startServer({ ...HEALTH_ENV, MQTT_PORT: String(mqttPort) }),
      launchBrowser(),
    ]);
    token = await loginToken(server.baseUrl, 'superadmin', 'demo');
    readers = await demoReaders(server.dataDir);
  });
  afterAll(async () => {
    await Promise.all(devices.map((device) => device.close()));
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

  const openScreen = async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Gate Readers' }).click();
    await page.waitForURL(`${server.baseUrl}/gate-readers`);
    await page.getByTestId('gates-table-row').first().waitFor();
    await page.locator('[data-testid="live-status"][data-status="open"]').waitFor();
  };
  const health = (testId: string, status: 'OK' | 'Idle' | 'NOK') =>
    page.locator(`[data-testid="${testId}"][data-health="${status}"]`);

  it('shows reader and gate health going OK, Idle, NOK and OK again without a reload', async () => {
    const gateId = readers[0]!.gateId;
    const gateReaders = readers.filter((reader) => reader.gateId === gateId);
    const [reader] = gateReaders;
    if (!reader) throw new Error('no demo reader');
    for (const device of gateReaders) devices.push(await connectReader(mqttPort, device));
    const [firstDevice] = devices;
    if (!firstDevice) throw new Error('no device connected');

    await openScreen();
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument = true;
    });
    await screenshot(page, 'gate-readers-gates');

    // Every reader of the gate reports: the gate and its readers turn OK.
    await Promise.all(devices.map((device) => device.heartbeat('OK')));
    await health(`gate-reader-health-${reader.id}`, 'OK').waitFor();
    await health(`gate-health-${gateId}`, 'OK').waitFor();
    await screenshot(page, 'gate-readers-health-ok');

    // Silence: Idle after 3 s, NOK after 8 s, published by the server's ageing job.
    await health(`gate-health-${gateId}`, 'Idle').waitFor({ timeout: 10_000 });
    expect(await health(`gate-reader-health-${reader.id}`, 'Idle').count()).toBe(1);
    await screenshot(page, 'gate-readers-health-idle');
    await health(`gate-health-${gateId}`, 'NOK').waitFor({ timeout: 15_000 });
    expect(await health(`gate-reader-health-${reader.id}`, 'NOK').count()).toBe(1);
    await screenshot(page, 'gate-readers-health-nok');

    // On the Gate Readers tab one heartbeat brings the reader back; its age ticks from "just now".
    await page.getByTestId('gate-readers-tab-readers').click();
    await page.locator(`[data-testid="readers-table-row"][data-row-key="${reader.id}"]`).waitFor();
    await firstDevice.heartbeat('OK');
    await health(`reader-health-${reader.id}`, 'OK').waitFor();
    const lastHeard = page.getByTestId(`reader-last-heard-${reader.id}`);
    await expect.poll(() => lastHeard.textContent(), { timeout: 5_000 }).toMatch(/s ago$/);
    // A tag read shows as the reader's last tag.
    await firstDevice.tagRead('12345678');
    const readerRow = page.locator(`[data-testid="readers-table-row"][data-row-key="${reader.id}"]`);
    await readerRow.getByTestId(`reader-last-tag-${reader.id}`).filter({ hasText: '12345678' }).waitFor();
    await screenshot(page, 'gate-readers-health-ok-again');

    expect(await page.evaluate(() => (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument)).toBe(true);
  });

  it('checks the gate form, adds a gate and a reader with their credentials, then removes them', async () => {
    // The server answers an empty name with the spec's text.
    const refused = await refusalOf(
      apiClient(server.baseUrl, token).gates.create({
        body: { name: '', type: 'IN', positionLat: 19.07, positionLong: 72.87 },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(messages.gateNameEmpty);

    await openScreen();
    await page.getByTestId('gates-add').click();
    const gateDialog = page.getByRole('dialog', { name: 'Add gate' });
    await gateDialog.waitFor();
    await page.getByTestId('gate-form-save').click();
    await gateDialog.getByText(messages.gateNameEmpty).waitFor();
    expect(await gateDialog.getByText(messages.gateLatitudeEmpty).isVisible()).toBe(true);
    expect(await gateDialog.getByText(messages.gateLongitudeEmpty).isVisible()).toBe(true);
    await screenshot(page, 'gate-readers-gate-form-errors');

    const gateName = uniqueName('E2E Gate ');
    await page.getByTestId('gate-form-name').fill(gateName);
    await page.getByTestId('gate-form-latitude').fill('19.0712');
    await page.getByTestId('gate-form-longitude').fill('72.8734');
    await page.getByTestId('gate-form-camera-Front').fill('Lane 9 front');
    await page.getByTestId('gate-form-save').click();
    // The cameras' login is shown once.
    const credentials = page.getByRole('dialog', { name: `Camera login of gate ${gateName}` });
    await credentials.waitFor();
    expect(await credentials.getByText('The password is shown only once', { exact: false }).isVisible()).toBe(true);
    expect((await page.getByTestId('credentials-password').textContent())?.length).toBeGreaterThan(8);
    await screenshot(page, 'gate-readers-gate-credentials');
    await page.getByTestId('credentials-close').click();
    await credentials.waitFor({ state: 'hidden' });
    const gateRow = page.getByTestId('gates-table-row').filter({ hasText: gateName });
    await gateRow.waitFor();
    expect(await gateRow.textContent()).toContain('Front: Lane 9 front');

    const gates = await apiClient(server.baseUrl, token).gates.list();
    const gate = gates.find((candidate) => candidate.name === gateName);
    if (!gate) throw new Error('the new gate is not listed');

    // A reader on the new gate; the form checks the spec's required fields first.
    await page.getByTestId('gate-readers-tab-readers').click();
    await page.getByTestId('readers-add').click();
    const readerDialog = page.getByRole('dialog', { name: 'Add reader' });
    await readerDialog.waitFor();
    await page.getByTestId('reader-form-save').click();
    await readerDialog.getByText(messages.readerNameEmpty).waitFor();
    expect(await readerDialog.getByText(messages.readerIpEmpty).isVisible()).toBe(true);
    const readerName = uniqueName('E2E Reader ');
    await page.getByTestId('reader-form-name').fill(readerName);
    await page.getByTestId('reader-form-ip').fill('10.9.0.21');
    await page.getByTestId('reader-form-gate').click();
    await page.getByRole('option', { name: `${gateName} (IN)` }).click();
    await screenshot(page, 'gate-readers-reader-form');
    await page.getByTestId('reader-form-save').click();
    await page.getByRole('dialog', { name: `Login of reader ${readerName}` }).waitFor();
    await page.getByTestId('credentials-close').click();
    const readerRow = page.getByTestId('readers-table-row').filter({ hasText: readerName });
    await readerRow.waitFor();
    expect(await readerRow.textContent()).toContain(gateName);
    expect(await readerRow.textContent()).toContain('GATEIN');
    await screenshot(page, 'gate-readers-readers');

    // Disassociate, confirmed: the reader stays, on no gate.
    const readerId = await readerRow.getAttribute('data-row-key');
    await readerRow.getByTestId(`reader-disassociate-${readerId}`).click();
    await page.getByText(messages.confirmDisassociateReader).waitFor();
    await page.getByTestId('confirm-dialog-ok').click();
    await readerRow.filter({ hasText: 'None' }).waitFor();

    // Delete the reader, then the gate (now without readers: a plain confirmation).
    await readerRow.getByTestId(`reader-delete-${readerId}`).click();
    await page.getByText(messages.confirmDelete).waitFor();
    await page.getByTestId('confirm-dialog-ok').click();
    await readerRow.waitFor({ state: 'detached' });

    await page.getByTestId('gate-readers-tab-gates').click();
    await page.getByTestId(`gate-delete-${gate.id}`).click();
    await page.getByTestId('delete-gate-ok').click();
    await gateRow.waitFor({ state: 'detached' });
  });

  it('asks whether to delete the readers with their gate', async () => {
    await openScreen();
    const gate = await apiClient(server.baseUrl, token).gates.list();
    const withReaders = gate.find((candidate) => candidate.readers.length > 0);
    if (!withReaders) throw new Error('no demo gate with readers');
    await page.getByTestId(`gate-delete-${withReaders.id}`).click();
    await page.getByText(messages.confirmDeleteGateReaders, { exact: false }).waitFor();
    await screenshot(page, 'gate-readers-delete-gate-question');
    // Changing one's mind deletes nothing.
    await page.getByTestId('delete-gate-cancel').click();
    await page.getByText(messages.confirmDeleteGateReaders, { exact: false }).waitFor({ state: 'hidden' });
    expect(await page.locator(`[data-testid="gates-table-row"][data-gate-id="${withReaders.id}"]`).count()).toBe(1);
  });

  // Issue 13 point 24: gates and readers open from the keyboard; Delete asks first.
  it('opens gates and readers on Enter, E and double-click; the Delete key asks first', async () => {
    await openScreen();
    const gates = page.getByTestId('gates-table-row');
    const firstGate = (await gates.first().locator('td:nth-child(2)').textContent()) ?? '';
    const secondGate = (await gates.nth(1).locator('td:nth-child(2)').textContent()) ?? '';
    expect(await page.getByTestId('gates-table-keys').textContent()).toBe(
      'Keys on a gate: Enter or double-click: edit · E: edit · Delete: delete · ↑ ↓: move between gates',
    );
    await gates.first().focus();
    await page.keyboard.press('Enter');
    const firstDialog = page.getByRole('dialog', { name: `Update gate ${firstGate}` });
    await firstDialog.waitFor();
    await page.keyboard.press('Escape');
    await firstDialog.waitFor({ state: 'hidden' });
    await gates.first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('e');
    const secondDialog = page.getByRole('dialog', { name: `Update gate ${secondGate}` });
    await secondDialog.waitFor();
    await page.keyboard.press('Escape');
    await secondDialog.waitFor({ state: 'hidden' });
    await gates.nth(1).locator('td:nth-child(2)').dblclick();
    await secondDialog.waitFor();
    await page.keyboard.press('Escape');
    await secondDialog.waitFor({ state: 'hidden' });
    await gates.first().focus();
    await page.keyboard.press('Delete');
    await page.getByTestId('delete-gate-cancel').or(page.getByTestId('confirm-dialog-cancel')).click();
    expect(await gates.count()).toBeGreaterThan(1);

    await page.getByTestId('gate-readers-tab-readers').click();
    const readerRows = page.getByTestId('readers-table-row');
    await readerRows.first().waitFor();
    const readerName = (await readerRows.first().locator('td:first-child p').first().textContent()) ?? '';
    await readerRows.first().focus();
    await page.keyboard.press('Enter');
    const readerDialog = page.getByRole('dialog', { name: `Update reader ${readerName}` });
    await readerDialog.waitFor();
    await page.keyboard.press('Escape');
    await readerDialog.waitFor({ state: 'hidden' });
    await readerRows.first().focus();
    await page.keyboard.press('Delete');
    await page.getByText(messages.confirmDelete).waitFor();
    await page.getByTestId('confirm-dialog-cancel').click();
    await page.getByText(messages.confirmDelete).waitFor({ state: 'hidden' });
  });

  it('reloads what it missed after the live connection drops and comes back', async () => {
    // The page's websocket goes through the test: server messages can be held back, the socket cut.
    const sockets: WebSocketRoute[] = [];
    const closed = new Set<WebSocketRoute>();
    let holdBack = false;
    await page.routeWebSocket(/\/ws$/, (socket) => {
      const upstream = socket.connectToServer();
      upstream.onMessage((message) => {
        if (!holdBack) socket.send(message);
      });
      socket.onClose(() => {
        closed.add(socket);
        void upstream.close();
      });
      sockets.push(socket);
    });
    const quiet = readers.find((candidate) => candidate.gateId !== readers[0]!.gateId);
    if (!quiet) throw new Error('no demo reader on a second gate');
    await openScreen();
    await page.getByTestId('gate-readers-tab-readers').click();
    const lastHeard = page.getByTestId(`reader-last-heard-${quiet.id}`);
    expect(await lastHeard.textContent()).toBe('never');

    // The reader reports while this tab hears nothing: the server knows, the screen does not.
    holdBack = true;
    const device = await connectReader(mqttPort, quiet);
    devices.push(device);
    await device.heartbeat('OK');
    await expect
      .poll(async () => {
        const all = await apiClient(server.baseUrl, token).gates.readers();
        return all.find((candidate) => candidate.id === quiet.id)?.statusLastReceived ?? null;
      })
      .not.toBeNull();
    expect(await lastHeard.textContent()).toBe('never');

    // The connection drops; the client reconnects, resubscribes and reloads its snapshot.
    holdBack = false;
    await sockets[0]!.close({ code: 1012, reason: 'e2e: connection dropped' });
    await expect.poll(() => lastHeard.textContent(), { timeout: 15_000 }).toMatch(/ago$/);
    expect(sockets.length).toBe(2);
    await page.locator('[data-testid="live-status"][data-status="open"]').waitFor();
    await screenshot(page, 'gate-readers-after-reconnect');

    // Logging out ends the live connection (and no new one opens).
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    // The page closed the second connection itself, and no third one opened.
    await expect.poll(() => closed.has(sockets[1]!)).toBe(true);
    expect(sockets.length).toBe(2);
  });
});
