import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  messages,
  PAGE_SIZES,
  REPORT_COLUMNS,
  REPORT_TYPES,
  shiftYardDay,
  withCheckDigit,
  yardDayOf,
  type ReportKey,
} from '@openyard/contracts';
import { apiClient, createUser, loginToken, uniqueName } from './support/api';
import { freeSlots } from './support/freeSlots';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { connectMachine, demoMachineLogin } from './support/mqttMachine';
import { screenshot } from './support/screenshot';
import { freePort, startServer, type RunningServer } from './support/startServer';

const MACHINE = 'RS-01';
const requestId = () => randomUUID().replaceAll('-', '');
const serial = String(Date.now() % 1_000_000).padStart(6, '0');
// A placed at the gate and still in; B placed at the gate and dispatched; C never placed.
const [A, B, C] = ['OYRU', 'OYSU', 'OYTU'].map((owner) => withCheckDigit(`${owner}${serial}`)) as [
  string,
  string,
  string,
];

// The reports whose rows the seeded history fills (1.3 needs a tag past its lifetime, which a fresh
// demo yard has not).
const WITH_ROWS: readonly ReportKey[] = REPORT_TYPES.map((type) => type.key).filter((key) => key !== 'expiredTags');

describe('reports screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let timeZone: string;

  const api = () => apiClient(server.baseUrl, token);

  // A little history through the real calls: three gate-ins (two placed at the gate, one with its
  // truck), a dispatch, a vehicle gate-in, a machine's pick and drop, a breakdown and its repair.
  async function seed() {
    const [slotA, slotB] = await freeSlots(server.baseUrl, token, 2);
    const gateIn = (containerNumber: string, containerLocation: string | undefined, trailerNumber: string) =>
      api().gateOperations.gateIn({
        body: {
          requestId: requestId(),
          mode: 'single',
          container1Data: {
            containerNumber,
            containerSize: '20',
            gateInPurpose: 'Import',
            tagId: 'DummyTag',
            ...(containerLocation ? { containerLocation } : {}),
          },
          trailerNumber,
        },
      });
    for (const [number, slot, trailer] of [
      [A, slotA, 'E2ERA1'],
      [B, slotB, 'E2ERB0'],
      [C, undefined, 'E2ERC0'],
    ] as const)
      expect((await gateIn(number, slot, trailer)).responsestatus).toBe('success');
    const dispatched = await api().gateOperations.dispatch({
      query: {
        requestId: requestId(),
        containerNumber: B,
        exitProcess: 'Delivery',
        trailerNumber: 'E2ERB1',
        dispatchTime: Date.now(),
      },
    });
    expect(dispatched.dispatched).toBe(true);
    const vehicle = await api().gateOperations.trailerGateIn({
      body: {
        requestId: requestId(),
        trailerNumber: 'E2ERV1',
        trailerTag: `7${serial}0`,
        gateInType: 'Empty Delivery',
        trailerType: 'Pickup',
      },
    });
    expect(vehicle.responsestatus).toBe('success');

    const machines = await api().machines.list();
    const rs01 = machines.find((machine) => machine.machineName === MACHINE)!;
    const mqttMachine = await connectMachine(mqttPort, await demoMachineLogin(server.dataDir, rs01.id));
    await mqttMachine.event({ kind: 'pick', containerNumber: A, latitude: 18.95, longitude: 72.95 });
    await mqttMachine.event({ kind: 'drop', containerNumber: A, height: 1, latitude: 18.95, longitude: 72.951 });
    await mqttMachine.close();
    const save = (machineStatus: string) =>
      api().machines.save({
        body: { id: rs01.id, machineName: MACHINE, machineType: rs01.machineType, machineStatus },
      });
    await save('Break-Down');
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await save('Working');

    const today = yardDayOf(Date.now(), timeZone);
    const range = { from: shiftYardDay(today, { days: -1 }), to: today };
    // The machine's events come over MQTT and the alarm from the bus: wait until the reports see them.
    const until = async (what: string, count: () => Promise<number>, atLeast: number) => {
      for (const deadline = Date.now() + 15_000; Date.now() < deadline;)
        if ((await count()) >= atLeast) return;
        else await new Promise((resolve) => setTimeout(resolve, 250));
      throw new Error(`the seeded ${what} did not reach the reports`);
    };
    await until(
      'machine events',
      async () => (await api().reports.machineMovementsDetailed({ query: range })).totalCount,
      2,
    );
    await until('alarm', async () => (await api().reports.alarms({ query: range })).totalCount, 1);
  }

  let mqttPort: number;
  beforeAll(async () => {
    mqttPort = await freePort();
    [server, browser] = await Promise.all([startServer({ MQTT_PORT: String(mqttPort) }), launchBrowser()]);
    token = await loginToken(server.baseUrl, 'superadmin', 'demo');
    timeZone = (await apiClient(server.baseUrl).metadata.get()).timeZone;
    await seed();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1500, height: 950 }, acceptDownloads: true });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL(`${server.baseUrl}/reports`);
  });
  afterEach(async () => {
    await context.close();
  });

  const table = () => page.getByTestId('reports-table');
  const rows = () => table().getByTestId('reports-table-row');
  const choose = async (testId: string, option: string) => {
    await page.getByTestId(testId).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  // Opens a report and waits for its answer: rows, or the table's empty words.
  const open = async (key: ReportKey) => {
    const type = REPORT_TYPES.find((candidate) => candidate.key === key)!;
    await page.getByTestId(`reports-type-${key}`).click();
    await page.getByTestId('reports-title').getByText(`${type.id} ${type.name}`).waitFor();
  };
  const answered = async () => {
    await page.getByTestId('reports-count').waitFor();
    return Number((await page.getByTestId('reports-count').textContent())!.split(' ')[0]);
  };
  const settled = () => page.locator('table[data-testid="reports-table"][aria-busy="false"]').waitFor();
  const pagerStatus = async () => (await page.getByTestId('reports-table-pager-status').textContent()) ?? '';
  const turn = async (button: string) => {
    const before = await pagerStatus();
    await page.getByTestId(`reports-table-pager-${button}`).click();
    await expect.poll(pagerStatus).not.toBe(before);
    await settled();
  };
  // The reports list oldest first: the seeded history is on the last page or the one before.
  const findRow = async (text: string) => {
    await settled();
    const last = page.getByTestId('reports-table-pager-last');
    if ((await last.count()) && !(await last.isDisabled())) await turn('last');
    for (let back = 0; back < 3; back++) {
      const row = rows().filter({ hasText: text }).first();
      if (await row.count()) return row;
      const previous = page.getByTestId('reports-table-pager-previous');
      if (!(await previous.count()) || (await previous.isDisabled())) break;
      await turn('previous');
    }
    throw new Error(`no row holds ${text} on the last pages`);
  };
  const columnTexts = async (header: string) => {
    const index = (await table().locator('thead th').allTextContents()).indexOf(header);
    return rows()
      .locator(`td:nth-child(${index + 1})`)
      .allTextContents();
  };

  it('opens each of the 14 report types, with rows where the history has some', async () => {
    await page.getByTestId('reports-title').getByText('1.1 Gate in').waitFor();
    await answered();
    expect(await (await findRow(A)).textContent()).toContain('E2ERA1');
    await screenshot(page, 'reports-gate-in');

    for (const type of REPORT_TYPES) {
      await open(type.key);
      if (type.key === 'machineMovementsSummary') {
        // 3.1 and 3.4 need one machine: no All, and the server's words until one is chosen (the
        // machine then stays chosen for 3.2 to 3.4).
        expect(await page.getByTestId('reports-problem').textContent()).toBe(messages.reportChooseMachine);
        await page.getByTestId('reports-filter-machineName').click();
        expect(await page.getByRole('option', { name: 'All', exact: true }).count()).toBe(0);
        await page.getByRole('option', { name: MACHINE, exact: true }).click();
      }
      const count = await answered();
      if (WITH_ROWS.includes(type.key)) {
        expect(count, `${type.id} ${type.name}`).toBeGreaterThan(0);
        await rows().first().waitFor();
        const headers = await table().locator('thead th').allTextContents();
        expect(headers).toEqual(REPORT_COLUMNS[type.key].map((column) => column.header));
      } else if (count === 0) await table().getByText('Nothing to report').waitFor();
      if (type.paged) await page.getByTestId('reports-table-pager').waitFor();
      else expect(await page.getByTestId('reports-table-pager').count()).toBe(0);

      switch (type.key) {
        case 'gateOut':
          await findRow(B);
          break;
        case 'containerMovements':
          await findRow(A);
          break;
        case 'locationStatistics': {
          // The placements at the gate per area, and C, gated in without a slot, as not updated.
          await page.getByTestId('reports-chart-locations-bar').first().waitFor();
          expect(await page.getByTestId('reports-chart-locations').textContent()).toContain('At the gate');
          expect(await page.getByTestId('reports-chart-locations-note').textContent()).toMatch(
            /^Location not updated: [1-9]\d* container/,
          );
          expect(await rows().last().locator('td').first().textContent()).toBe('Location not updated');
          await screenshot(page, 'reports-location-statistics');
          break;
        }
        case 'dwellTime': {
          const bars = page.getByTestId('reports-chart-dwell-bar');
          expect(await bars.count()).toBe(5);
          expect(await bars.first().getAttribute('data-label')).toBe('0-3 days');
          expect(Number(await bars.first().getAttribute('data-total'))).toBeGreaterThanOrEqual(3);
          await screenshot(page, 'reports-dwell-time');
          break;
        }
        case 'offloadingLocations':
          await findRow(A);
          break;
        case 'machineMovementsSummary': {
          // One row per yard day of the range; today has the demo history's drops and the test's one.
          expect(count).toBe(7);
          const bars = page.getByTestId('reports-chart-summary-bar');
          expect(await bars.count()).toBe(7);
          expect(Number(await bars.last().getAttribute('data-total'))).toBeGreaterThanOrEqual(1);
          await screenshot(page, 'reports-machine-summary');
          break;
        }
        case 'machineMovementsDetailed':
          await findRow(A);
          expect(await rows().filter({ hasText: A }).count()).toBe(2);
          expect((await columnTexts('Move')).slice(-2)).toEqual(['pick', 'drop']);
          break;
        case 'machineBreakdown': {
          // Breakdowns is the third column: the one Break-Down of the seed.
          const row = rows().filter({ hasText: MACHINE });
          expect(await row.count()).toBe(1);
          expect(await row.locator('td').nth(2).textContent()).toBe('1');
          break;
        }
        case 'machineWorkingStatus':
          await findRow('Break-Down');
          await screenshot(page, 'reports-machine-working-status');
          break;
        case 'trailers': {
          // Spec 2 §9: a container gate-in's truck is Loaded, a vehicle gate-in Empty.
          expect(await (await findRow('E2ERA1')).textContent()).toContain('Loaded');
          expect(await (await findRow('E2ERV1')).textContent()).toContain('Empty');
          await screenshot(page, 'reports-trailers');
          // loaded-trailer: the Loaded visits only.
          await page.getByRole('switch', { name: 'Loaded only' }).check();
          await expect.poll(() => answered()).toBeLessThan(count);
          await settled();
          expect(new Set(await columnTexts('Activity'))).toEqual(new Set(['Loaded']));
          await findRow('E2ERA1');
          await choose('reports-filter-gateInType', 'Empty Delivery');
          await table().getByText('Nothing to report').waitFor();
          break;
        }
        case 'alarms':
          await findRow(MACHINE);
          await screenshot(page, 'reports-alarms');
          break;
        default:
          break;
      }
    }
  });

  it('shows the report dates messages of spec 2 §5 on the form, and pages by 15 from a 1-based start', async () => {
    await rows().first().waitFor();
    const problem = page.getByTestId('reports-problem');
    const from = page.getByTestId('reports-from');
    const to = page.getByTestId('reports-to');
    const today = yardDayOf(Date.now(), timeZone);

    await from.fill('');
    expect(await problem.textContent()).toBe(messages.reportChooseFromDate);
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    expect(await rows().count()).toBe(0);
    await from.fill(today);
    await to.fill('');
    expect(await problem.textContent()).toBe(messages.reportChooseToDate);
    expect(await to.getAttribute('aria-invalid')).toBe('true');
    await to.fill(shiftYardDay(today, { days: -2 }));
    expect(await problem.textContent()).toBe(messages.reportInvalidDateRange);
    expect(await page.getByTestId('reports-export').isDisabled()).toBe(true);
    await screenshot(page, 'reports-invalid-range');
    await to.fill(today);
    await problem.waitFor({ state: 'detached' });
    await rows().first().waitFor();

    // 2.1 Inventory: the demo yard holds more than a page; page 2 starts at the 16th row.
    await open('inventory');
    const total = await answered();
    expect(total).toBeGreaterThan(PAGE_SIZES.reports);
    await expect.poll(() => rows().count()).toBe(PAGE_SIZES.reports);
    const second = await api().reports.inventory({ query: { startIndex: 16, pageSize: PAGE_SIZES.reports } });
    await page.getByTestId('reports-table-pager-next').click();
    await rows().first().filter({ hasText: second.entities[0]!.containerNumber }).waitFor();
    expect(await page.getByTestId('reports-table-pager-status').textContent()).toMatch(/^Page 2 of/);
    // A filter goes back to page 1 of what it leaves.
    const area = second.entities[0]!.area!;
    await choose('reports-filter-areaId', area);
    await expect.poll(async () => page.getByTestId('reports-table-pager-status').textContent()).toMatch(/^Page 1 of/);
    const inArea = await api().reports.inventory({ query: { areaId: (await areaIdOf(area))!, pageSize: 100 } });
    await expect.poll(() => answered()).toBe(inArea.totalCount);
    await screenshot(page, 'reports-inventory');
  });

  async function areaIdOf(name: string) {
    return (await api().yard.layout()).areaLayouts.find((area) => area.name === name)?.areaId;
  }

  it('exports a report through the export dialog and the file holds its columns and rows', async () => {
    await rows().first().waitFor();
    await page.getByTestId('reports-export').click();
    await page.getByTestId('export-dialog-ok').click();
    expect(await page.getByTestId('export-dialog-error').textContent()).toBe(messages.exportChooseOption);
    await page.getByTestId('export-dialog-all').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-dialog-ok').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('1.1 Gate in');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(REPORT_COLUMNS.gateIn.map((column) => column.header));
    const numbers: unknown[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) numbers.push(row.getCell(2).value);
    });
    expect(numbers).toEqual(expect.arrayContaining([A, B, C]));
    expect(numbers.length).toBe(await answered());
  });
  it('lets a manager (reports, no machines permission) type the machine instead of a list refused to them', async () => {
    const username = uniqueName('mgr');
    await createUser(server.baseUrl, token, { username, password: 'Manager#2025', role: 'manager' });
    await context.close();
    context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await loginThroughPage(page, server.baseUrl, username, 'Manager#2025');
    await page.goto(`${server.baseUrl}/reports`);
    await open('machineWorkingStatus');
    const machine = page.getByTestId('reports-filter-machineName');
    expect(await machine.getAttribute('placeholder')).toBe('Machine name');
    expect(await page.getByTestId('reports-problem').textContent()).toBe(messages.reportChooseMachine);
    await machine.fill(MACHINE);
    await findRow('Break-Down');
    expect(new URL(page.url()).pathname).toBe('/reports');
    await open('machineBreakdown');
    await machine.fill('');
    expect(await machine.getAttribute('placeholder')).toBe('All');
    await rows().filter({ hasText: MACHINE }).waitFor();
  });
});

describe('reports screen outside the enterprise version', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ EDITION: 'community' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the reports and answers Export with the locked-feature modal (spec 3 §1, §6)', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await loginThroughPage(page, server.baseUrl, 'admin', 'demo');
    await page.goto(`${server.baseUrl}/reports`);
    await page.getByTestId('reports-type-inventory').click();
    await page.getByTestId('reports-table-row').first().waitFor();
    await page.getByTestId('reports-export').click();
    const modal = page.getByTestId('locked-feature-modal');
    await modal.waitFor();
    expect(await modal.textContent()).toContain(messages.lockedFeature);
    expect(await page.getByTestId('export-dialog-ok').count()).toBe(0);
    await screenshot(page, 'reports-locked-export');
    await context.close();
  });
});
