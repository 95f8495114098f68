import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, parseDeviceUsername, topics } from '@openyard/contracts';
import { apiClient, loginToken, uniqueName, type ApiClient } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { artifactsDir } from './support/paths';
import { screenshot } from './support/screenshot';
import { freePort, startServer, type RunningServer } from './support/startServer';

// A machine not heard from for 6 s is orange here (spec 2 §4 says 300,000 ms; MACHINE_STALE_AFTER_MS
// shortens it so that the test sees a marker turn orange by the clock alone).
const STALE_AFTER_MS = 6_000;

describe('machines and ITV screens', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let mqttPort: number;
  const devices: MqttClient[] = [];

  beforeAll(async () => {
    mqttPort = await freePort();
    [server, browser] = await Promise.all([
      startServer({ MQTT_PORT: String(mqttPort), MACHINE_STALE_AFTER_MS: String(STALE_AFTER_MS) }),
      launchBrowser(),
    ]);
    api = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'superadmin', 'demo'));
  });
  afterAll(async () => {
    await Promise.all(devices.map((device) => device.endAsync()));
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterEach(async () => {
    await context.close();
  });

  const open = async (menu: string, path: string) => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: menu, exact: true }).click();
    await page.waitForURL(`${server.baseUrl}${path}`);
    await page.locator('[data-testid="live-status"][data-status="open"]').waitFor();
  };

  // A machine or an ITV as a device on the real broker, with the login the screen showed once.
  const connectDevice = async (username: string, password: string) => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
      clientId: username,
      username,
      password,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    });
    devices.push(client);
    return client;
  };

  it('adds a machine, and its marker follows its telemetry live and turns orange when it falls silent', async () => {
    await open('Machines', '/machines');
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument = true;
    });

    // Operations: a taken name is said when the field loses focus (spec 2 §5).
    await page.getByTestId('machines-tab-operations').click();
    await page.getByTestId('machines-table-row').first().waitFor();
    await page.getByTestId('machines-add').click();
    const name = page.getByTestId('machine-form-name');
    await name.fill('rs-01');
    await page.getByTestId('machine-form-type').click();
    await page.getByTestId('machine-form').getByText(messages.machineNameTaken).waitFor();
    await screenshot(page, 'machines-name-taken');
    const machineName = uniqueName('E2E-RS').slice(0, 20);
    await name.fill(machineName);
    await page.getByTestId('machine-form-type').click();
    await page.getByRole('option', { name: 'Reach-Stacker' }).click();
    await page.getByTestId('machine-form-save').click();

    // The device login, shown once, with copy buttons.
    await page.getByTestId('credentials-password').waitFor();
    await page.getByTestId('credentials-password-copy').waitFor();
    const username = (await page.getByTestId('credentials-username').textContent())!.trim();
    const password = (await page.getByTestId('credentials-password').textContent())!.trim();
    const device = parseDeviceUsername(username);
    expect(device?.kind).toBe('machine');
    const machineId = device!.id;
    await screenshot(page, 'machines-credentials');
    await page.getByTestId('credentials-close').click();
    await page.getByTestId('machines-table-row').filter({ hasText: machineName }).waitFor();
    await screenshot(page, 'machines-operations');

    // Locations: never heard from, grey and not on the map.
    await page.getByTestId('machines-tab-locations').click();
    await page.getByTestId('machines-map').locator('canvas').waitFor();
    const marker = page.getByTestId(`machine-marker-${machineId}`);
    await expect.poll(() => marker.getAttribute('data-colour')).toBe('grey');
    expect(await marker.getAttribute('data-position')).toBe('');

    // Its telemetry over MQTT with its own login: the marker appears, green, and moves.
    const client = await connectDevice(username, password);
    const publish = (latitude: number, longitude: number) =>
      client.publishAsync(
        topics.machineTelemetry(machineId),
        JSON.stringify({ messageId: randomUUID(), timestamp: Date.now(), latitude, longitude, status: 'Working' }),
        { qos: 1 },
      );
    await publish(18.9493, 72.9505);
    await expect.poll(() => marker.getAttribute('data-position')).toBe('18.9493,72.9505');
    expect(await marker.getAttribute('data-colour')).toBe('green');
    await page.waitForTimeout(300);
    await screenshot(page, 'machines-locations-first');
    await publish(18.9487, 72.9517);
    await expect.poll(() => marker.getAttribute('data-position')).toBe('18.9487,72.9517');
    expect(await marker.getAttribute('data-colour')).toBe('green');
    await page.waitForTimeout(300);
    await screenshot(page, 'machines-locations-moved');

    // A position across the world is refused at ingest: the marker stays where it was.
    await publish(-33.8568, 151.2153);
    await publish(18.949, 72.951);
    await expect.poll(() => marker.getAttribute('data-position')).toBe('18.949,72.951');

    // Silence: orange by the clock once the threshold has passed, without a message or a reload.
    await expect.poll(() => marker.getAttribute('data-colour'), { timeout: STALE_AFTER_MS + 5_000 }).toBe('orange');
    await page.waitForTimeout(300);
    await screenshot(page, 'machines-locations-orange');
    expect(await page.evaluate(() => (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument)).toBe(true);

    // Save as PNG: the map with its legend, under the print object's file name.
    const download = page.waitForEvent('download');
    await page.getByTestId('machines-map-png').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^machines-yard-map-\d{4}-\d{2}-\d{2}-\d{6}\.png$/);
    await file.saveAs(join(artifactsDir, 'machines-yard-map-saved.png'));
    const png = await readFile(await file.path());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeGreaterThan(20_000);

    // Break-Down is red whatever the data (spec 2 §4), on the list as on the map.
    const { machine } = await api.machines.save({
      body: { id: machineId, machineName, machineType: 'Reach-Stacker', machineStatus: 'Break-Down' },
    });
    expect(machine.status).toBe('red');
    await expect.poll(() => marker.getAttribute('data-colour')).toBe('red');
    await page.waitForTimeout(300);
    await screenshot(page, 'machines-locations-red');
  });

  it('adds an ITV, refuses a taken ITV number, and deletes it', async () => {
    const taken = uniqueName('ITV').slice(0, 20);
    await api.machines.createItv({ body: { itvNumber: taken, trailerNumber: uniqueName('TRL').slice(0, 20) } });

    await open('ITV', '/itvs');
    await page.getByTestId('itvs-map').locator('canvas').waitFor();
    await page.getByTestId('itvs-tab-operations').click();
    await page.getByTestId('itvs-table-row').first().waitFor();

    // The taken number is said when the field loses focus and refused by the save on its field.
    await page.getByTestId('itvs-add').click();
    await page.getByTestId('itv-form-number').fill(taken.toLowerCase());
    await page.getByTestId('itv-form-trailer').click();
    await page.getByTestId('itv-form').getByText(messages.itvNumberTaken).waitFor();
    const trailer = uniqueName('TRN').slice(0, 20);
    await page.getByTestId('itv-form-trailer').fill(trailer);
    await page.getByTestId('itv-form-save').click();
    await page.getByTestId('itv-form').getByText(messages.itvNumberTaken).waitFor();
    await screenshot(page, 'itvs-number-taken');

    const itvNumber = uniqueName('ITV').slice(0, 20);
    await page.getByTestId('itv-form-number').fill(itvNumber);
    await page.getByTestId('itv-form-save').click();
    await page.getByTestId('credentials-password').waitFor();
    const username = (await page.getByTestId('credentials-username').textContent())!.trim();
    const password = (await page.getByTestId('credentials-password').textContent())!.trim();
    const device = parseDeviceUsername(username);
    expect(device?.kind).toBe('itv');
    await page.getByTestId('credentials-close').click();
    const row = page.getByTestId('itvs-table-row').filter({ hasText: itvNumber });
    await row.waitFor();
    await screenshot(page, 'itvs-operations');

    // Its position over MQTT with its own login: on the Locations map, live.
    await page.getByTestId('itvs-tab-locations').click();
    const marker = page.getByTestId(`itv-marker-${device!.id}`);
    await expect.poll(() => marker.getAttribute('data-colour')).toBe('grey');
    const client = await connectDevice(username, password);
    await client.publishAsync(
      topics.itvPosition(device!.id),
      JSON.stringify({ messageId: randomUUID(), timestamp: Date.now(), latitude: 18.9484, longitude: 72.9498 }),
      { qos: 1 },
    );
    await expect.poll(() => marker.getAttribute('data-position')).toBe('18.9484,72.9498');
    expect(await marker.getAttribute('data-colour')).toBe('green');
    await page.waitForTimeout(300);
    await screenshot(page, 'itvs-locations');
    await page.getByTestId('itvs-tab-operations').click();
    await row.waitFor();

    // Delete (enterprise edition): the spec's confirmation with the count.
    await row.getByRole('checkbox').check();
    await page.getByTestId('itvs-delete').click();
    await page.getByText(messages.confirmDeleteItvs(1)).waitFor();
    await page.getByTestId('confirm-dialog-ok').click();
    await page.getByText(messages.itvsDeleted(1)).waitFor();
    await row.waitFor({ state: 'detached' });
  });
});
