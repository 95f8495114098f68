import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, yardMinuteOfDay } from '@openyard/contracts';
import { apiClient, loginToken } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { connectMachine, demoMachineLogin, type MqttMachine } from './support/mqttMachine';
import { screenshot } from './support/screenshot';
import { freePort, startServer, type RunningServer } from './support/startServer';

const MACHINE = 'RS-01';
const TIME_ZONE = 'Asia/Kolkata';

// The task dashboard (spec 3 §2, §3, §9): opened from the tasks' screens, a figure that changes
// when a task is completed elsewhere (no reload), the period and the shift switched, the export.
describe('task dashboard', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let machine: MqttMachine;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const mqttPort = await freePort();
    [server, browser] = await Promise.all([startServer({ MQTT_PORT: String(mqttPort), TIME_ZONE }), launchBrowser()]);
    token = await loginToken(server.baseUrl, 'superadmin', 'demo');
    const id = (await api().machines.list()).find((candidate) => candidate.machineName === MACHINE)!.id;
    machine = await connectMachine(mqttPort, await demoMachineLogin(server.dataDir, id));
  });
  afterAll(async () => {
    await machine?.close();
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  const api = () => apiClient(server.baseUrl, token);

  const open = async (page: Page) => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.goto(`${server.baseUrl}/tasks`);
    await page.locator('[data-testid="live-status"][data-status="open"]').waitFor();
    await page.getByTestId('task-screens-nav').getByRole('link', { name: 'Task dashboard' }).click();
    await page.getByTestId('task-dashboard-total-tasks').waitFor();
    await page.evaluate(() => {
      (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument = true;
    });
  };
  const figure = async (page: Page, testId: string) => Number(await page.getByTestId(testId).textContent());
  const figureBecomes = (page: Page, testId: string, value: number) =>
    page
      .getByTestId(testId)
      .filter({ hasText: new RegExp(`^${value}$`) })
      .waitFor();
  const choose = async (page: Page, testId: string, option: string) => {
    await page.getByTestId(testId).click();
    await page.getByRole('option', { name: option }).click();
  };

  it('shows the period live, by shift, refuses a backward custom period and exports', async () => {
    // Two shifts that split the yard's day where it is now: the one running holds what happens next.
    const minute = yardMinuteOfDay(Date.now(), TIME_ZONE);
    const cut = (Math.floor(minute / 60) + 12) % 24;
    const running = (
      await api().machineShifts.create({
        body: { name: 'Running', fromHour: (cut + 12) % 24, fromMinute: 0, toHour: cut, toMinute: 0 },
      })
    ).shift;
    await api().machineShifts.create({
      body: { name: 'Other', fromHour: cut, fromMinute: 0, toHour: (cut + 12) % 24, toMinute: 0 },
    });

    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await open(page);
    expect(new URL(page.url()).pathname).toBe('/task-dashboard');
    await expect(page.locator('[data-menu-entry="tasks"][aria-current="page"]').count()).resolves.toBe(1);
    const tasksBefore = await figure(page, 'task-dashboard-total-tasks');
    const movesBefore = await figure(page, 'task-dashboard-total-movements');
    await screenshot(page, 'task-dashboard-today');

    // A drop of a box the yard does not know: a waste move (it raises no task event: it shows with
    // the next reload), then a task of RS-01 completed through REST: both show without a reload.
    await machine.event({ kind: 'drop', containerNumber: 'ZZZU0000001', height: 1 });
    const [task] = (
      await api().tasks.save({
        body: [
          {
            containerNumber: 'DASH0000001',
            taskType: 'Grounding',
            deliveryMode: 'Loaded',
            fromLocation: 'Trailer',
            toLocation: 'Import Zone',
            assignedToMachine: MACHINE,
          },
        ],
      })
    ).tasks;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await api().tasks.complete({ body: { taskIds: [task!.taskId] } });
    await figureBecomes(page, 'task-dashboard-total-tasks', tasksBefore + 1);
    await figureBecomes(page, 'task-dashboard-total-movements', movesBefore + 1);
    expect(await page.evaluate(() => (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument)).toBe(true);
    await page.locator(`[data-testid="task-dashboard-bar-waste"][data-machine="${MACHINE}"]`).waitFor();
    const row = page.getByTestId('task-dashboard-machines').getByRole('row', { name: new RegExp(MACHINE) });
    await row.waitFor();
    await screenshot(page, 'task-dashboard-live');

    // The running shift holds them; the other shift does not.
    await choose(page, 'task-dashboard-shift', 'Running');
    await page
      .getByTestId('task-dashboard-period-text')
      .getByText(/Running/)
      .waitFor();
    expect(await figure(page, 'task-dashboard-total-tasks')).toBeGreaterThanOrEqual(1);
    await choose(page, 'task-dashboard-shift', 'Other');
    await page.getByTestId('task-dashboard-period-text').getByText(/Other/).waitFor();
    await figureBecomes(page, 'task-dashboard-total-tasks', 0);
    await screenshot(page, 'task-dashboard-other-shift');

    // Last 7 days, whole days: the averages are per day, without decimals.
    await choose(page, 'task-dashboard-shift', 'Whole day');
    await page.getByTestId('task-dashboard-period').getByText('Last 7 days').click();
    await page
      .getByTestId('task-dashboard-period-text')
      .getByText(/ to .*whole days/)
      .waitFor();
    const total = await figure(page, 'task-dashboard-total-tasks');
    expect(await figure(page, 'task-dashboard-average-tasks')).toBe(Math.round(total / 7));

    // A custom period backwards: the spec's message, nothing asked.
    await page.getByTestId('task-dashboard-period').getByText('Custom').click();
    await page.getByTestId('task-dashboard-problem').getByText(messages.reportChooseFromDate).waitFor();
    await page.getByTestId('task-dashboard-from').fill('2026-03-10');
    await page.getByTestId('task-dashboard-to').fill('2026-03-09');
    await page.getByTestId('task-dashboard-problem').getByText(messages.reportInvalidDateRange).waitFor();
    expect(await page.getByTestId('task-dashboard-total-tasks').count()).toBe(0);
    await screenshot(page, 'task-dashboard-invalid-range');

    // Back to today on the running shift, and its export.
    await page.getByTestId('task-dashboard-period').getByText('Today').click();
    await choose(page, 'task-dashboard-shift', 'Running');
    await page
      .getByTestId('task-dashboard-period-text')
      .getByText(/Running/)
      .waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('task-dashboard-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^task-dashboard-.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    const sheet = book.getWorksheet('Task dashboard')!;
    const rows = sheet
      .getSheetValues()
      .slice(1)
      .map((values) => (values as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Machine', 'Date', 'Productive moves', 'Waste moves', 'Movements', 'Completed tasks']);
    const machineRow = rows.find((values) => values[0] === MACHINE)!;
    expect(machineRow[3]).toBeGreaterThanOrEqual(1);
    expect(machineRow[5]).toBeGreaterThanOrEqual(1);
    expect(rows.at(-2)![0]).toBe('Total');
    expect(String(rows.at(-2)![1])).toContain(running.name);
  });
});
