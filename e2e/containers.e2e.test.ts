import { createServer, type Server } from 'node:http';
import { deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, withCheckDigit } from '@openyard/contracts';
import { apiClient, loginToken, refusalOf, roleId } from './support/api';
import { freeSlots } from './support/freeSlots';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { freePort, startServer, type RunningServer } from './support/startServer';

// A 256 x 256 tile of one colour, written by hand (PNG: signature, IHDR, IDAT, IEND).
function solidTilePng(red: number, green: number, blue: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => [red, green, blue][i % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function uniqueContainerNumber(): string {
  const serial = String(Date.now() % 1_000_000).padStart(6, '0');
  return withCheckDigit(`OYEU${serial}`);
}

describe('containers screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let superToken: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    superToken = await loginToken(server.baseUrl, 'superadmin', 'demo');
  });
  afterAll(async () => {
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

  it('searches, edits, moves, shows movements and the map, exports and deletes a container', async () => {
    const number = uniqueContainerNumber();
    const [firstSlot, secondSlot, liveSlot] = await freeSlots(server.baseUrl, superToken, 3);
    const added = await apiClient(server.baseUrl, superToken).containers.save({
      body: { containerNumber: number, sizeName: '20', igm: 'E2E100', item: '7', location: firstSlot },
    });
    expect(added.responsestatus).toBe('success');

    await loginThroughPage(page, server.baseUrl, 'admin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Containers' }).click();
    await page.waitForURL(`${server.baseUrl}/containers`);
    const yardTable = page.getByTestId('containers-table-yard');
    await yardTable.getByTestId('containers-table-yard-row').first().waitFor();
    // The Yard tab pages by paginationItemsPerPage (15 in the demo) from one year back.
    expect(await yardTable.getByTestId('containers-table-yard-row').count()).toBe(15);
    await screenshot(page, 'containers');
    const totalOf = async (scope: string) =>
      Number((await page.getByTestId(`containers-table-${scope}-pager-total`).textContent())?.split(' ')[0]);
    const yardTotal = await totalOf('yard');

    // At most 10 may be selected in the Yard tab.
    const checkboxes = yardTable.getByRole('checkbox', { name: 'Select row' });
    for (let index = 0; index < 10; index++) await checkboxes.nth(index).check();
    expect(await checkboxes.nth(10).isDisabled()).toBe(true);
    expect(await page.getByTestId('containers-yard-selected-count').textContent()).toBe('10 of 10 selected');
    for (let index = 0; index < 10; index++) await checkboxes.nth(index).uncheck();

    // A search opens a closable tab of its own; its texts (joined with '&*') must all match. A comma
    // keeps a text and starts another; Enter runs the search with what is typed (issue 13 point 24).
    const searchText = page.getByTestId('containers-yard-search-text');
    await searchText.fill(number);
    await searchText.press(',');
    await searchText.fill('E2E100');
    await searchText.press('Enter');
    const searchTab = page.getByTestId('containers-yard-tab-search');
    await searchTab.waitFor();
    expect(await searchTab.textContent()).toContain(`${number} & E2E100`);
    const row = yardTable.getByTestId('containers-table-yard-row').filter({ hasText: number });
    await row.waitFor();
    expect(await yardTable.getByTestId('containers-table-yard-row').count()).toBe(1);
    expect(await row.textContent()).toContain(firstSlot);

    // Edit
    await row.getByRole('checkbox').check();
    await page.getByTestId('containers-yard-edit').click();
    const editDialog = page.getByRole('dialog', { name: `Edit container ${number}` });
    await editDialog.waitFor();
    // A number failing the ISO 6346 check warns, and the server's reply asks before anything is written.
    const wrongCheckDigit = `${number.slice(0, 10)}${(Number(number[10]) + 1) % 10}`;
    await page.getByTestId('container-form-number').fill(wrongCheckDigit);
    await page.getByTestId('container-form-iso').waitFor();
    await page.getByTestId('container-form-save').click();
    await page.getByText(messages.confirmUpdateInvalidContainer, { exact: false }).waitFor();
    await screenshot(page, 'containers-edit-invalid-number');
    await page.getByTestId('confirm-dialog-cancel').click();
    await page.getByTestId('container-form-number').fill(number);
    await page.getByTestId('container-form-iso').waitFor({ state: 'detached' });
    await page.getByTestId('container-form-item').fill('9');
    await screenshot(page, 'containers-edit');
    await page.getByTestId('container-form-save').click();
    await page.getByText(messages.containerUpdated).waitFor();
    await editDialog.waitFor({ state: 'hidden' });
    await row.filter({ hasText: 'E2E100:9' }).waitFor();

    // Update location inline: only the changed row is sent; the server's refusal is shown.
    await page.getByTestId('containers-yard-update-location').click();
    await page.getByTestId('location-update-yard-bar').waitFor();
    await page.getByTestId('location-update-yard-save').click();
    await page.getByText(messages.nothingToUpdate).waitFor();
    const [area, rowName, column, height] = secondSlot!.split('_') as [string, string, string, string];
    const editor = `location-editor-${number}`;
    const pick = async (part: string, value: string) => {
      await page.getByTestId(`${editor}-${part}`).click();
      await page.getByRole('option', { name: value, exact: true }).click();
    };
    await pick('area', area);
    await pick('row', rowName);
    await pick('column', column);
    await pick('height', height);
    await screenshot(page, 'containers-update-location');
    await page.getByTestId('location-update-yard-save').click();
    await page.getByText('1 location updated').waitFor();
    await row.filter({ hasText: secondSlot! }).waitFor();

    // A move made elsewhere shows without reload (live topic `containers`).
    const moved = await apiClient(server.baseUrl, superToken).inventory.updateLocation({
      body: [{ containerId: added.container!.id, number, previousLocation: secondSlot, newLocation: liveSlot! }],
    });
    expect(moved.containers).toHaveLength(1);
    await row.filter({ hasText: liveSlot! }).waitFor({ timeout: 5_000 });

    // Movements
    if (!(await row.getByRole('checkbox').isChecked())) await row.getByRole('checkbox').check();
    await page.getByTestId('containers-yard-movements').click();
    const movementsDialog = page.getByRole('dialog', { name: `Movements of ${number}` });
    await movementsDialog.waitFor();
    const movementRows = movementsDialog.getByTestId('movements-table-row');
    await movementRows.first().waitFor();
    expect(await movementRows.count()).toBe(3);
    expect(await movementRows.first().textContent()).toContain(liveSlot);
    expect(await movementRows.nth(1).textContent()).toContain('admin');
    await screenshot(page, 'containers-movements');
    await page.keyboard.press('Escape');
    await movementsDialog.waitFor({ state: 'hidden' });

    // Yard map: the plan tab highlights the slot; the satellite tab says that no tiles are configured.
    await page.getByTestId('containers-yard-map').click();
    const mapDialog = page.getByRole('dialog', { name: `Yard map · ${number}` });
    await mapDialog.waitFor();
    await mapDialog.getByTestId('yard-map-plan').locator('canvas').waitFor();
    expect(await mapDialog.getByTestId('yard-map-container').textContent()).toContain(number);
    await page.waitForTimeout(500);
    await screenshot(page, 'containers-yard-map');
    const pngDownload = page.waitForEvent('download');
    await page.getByTestId('yard-map-png').click();
    expect((await pngDownload).suggestedFilename()).toBe(`yard-map-${number}.png`);
    await page.getByTestId('yard-map-tab-satellite').click();
    await mapDialog.getByTestId('satellite-no-tiles').waitFor();
    await mapDialog.getByTestId('yard-map-satellite').locator('canvas').waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'containers-satellite');
    await page.keyboard.press('Escape');
    await mapDialog.waitFor({ state: 'hidden' });

    // Export the search's rows; the spreadsheet is read back.
    await page.getByTestId('containers-yard-export').click();
    await page.getByTestId('export-dialog-ok').click();
    await page.getByText(messages.exportChooseOption).waitFor();
    await page.getByTestId('export-dialog-all').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-dialog-ok').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(number);

    // Delete with confirmation
    if (!(await row.getByRole('checkbox').isChecked())) await row.getByRole('checkbox').check();
    await page.getByTestId('containers-yard-delete').click();
    await page.getByText(messages.confirmDeleteContainer).waitFor();
    await page.getByTestId('confirm-dialog-ok').click();
    await page.getByText(messages.containerDeleted).waitFor();
    await row.waitFor({ state: 'detached' });

    // The All tab pages by 15 and holds dispatched visits too.
    await page.getByTestId('containers-tab-all').click();
    const allTable = page.getByTestId('containers-table-all');
    await allTable.getByTestId('containers-table-all-row').first().waitFor();
    expect(await allTable.getByTestId('containers-table-all-row').count()).toBe(15);
    expect(await totalOf('all')).toBeGreaterThan(yardTotal);
    await page.getByTestId('containers-tab-yard').click();

    // Closing the search tab returns to 'All containers'.
    await page.getByTestId('containers-yard-tab-close').click();
    await searchTab.waitFor({ state: 'detached' });
    await yardTable.getByTestId('containers-table-yard-row').first().waitFor();
  });

  // Issue 13 points 24 and 25: rows from the keyboard, sorting, an export range past the last page.
  it('opens container rows from the keyboard, sorts all pages on the server and cuts an export range at the last page', async () => {
    await loginThroughPage(page, server.baseUrl, 'admin', 'demo');
    await page.goto(`${server.baseUrl}/containers`);
    const rows = page.getByTestId('containers-table-yard-row');
    await rows.nth(2).waitFor();
    expect(await page.getByTestId('containers-table-yard-keys').textContent()).toBe(
      'Keys on a row: Enter or double-click: edit · E: edit · Delete: delete · Space: select · ↑ ↓: move between rows',
    );
    const numberOf = async (index: number) => (await rows.nth(index).locator('td:nth-child(2) p').textContent()) ?? '';
    const editDialogOf = (number: string) => page.getByRole('dialog', { name: `Edit container ${number}` });

    // Enter on a focused row opens it; the arrow keys move between rows; E edits.
    await rows.first().focus();
    await page.keyboard.press('Enter');
    await editDialogOf(await numberOf(0)).waitFor();
    await page.keyboard.press('Escape');
    await editDialogOf(await numberOf(0)).waitFor({ state: 'hidden' });
    await rows.first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('e');
    await editDialogOf(await numberOf(1)).waitFor();
    await page.keyboard.press('Escape');
    await editDialogOf(await numberOf(1)).waitFor({ state: 'hidden' });
    await rows.nth(2).dblclick();
    await editDialogOf(await numberOf(2)).waitFor();
    await page.keyboard.press('Escape');
    await editDialogOf(await numberOf(2)).waitFor({ state: 'hidden' });
    // The Delete key asks first; cancelling keeps the container.
    const kept = await numberOf(0);
    await rows.first().focus();
    await page.keyboard.press('Delete');
    await page.getByText(messages.confirmDeleteContainer).waitFor();
    await page.getByTestId('confirm-dialog-cancel').click();
    await page.getByText(messages.confirmDeleteContainer).waitFor({ state: 'hidden' });
    expect(await numberOf(0)).toBe(kept);

    // A heading sorts all the pages on the server and goes back to page 1; a second click reverses
    // the order. Page 2 goes on where page 1 stopped (a page-only sort would leave it in gate-in order).
    const numbers = () => rows.locator('td:nth-child(2) p').allTextContents();
    const isSorted = (list: string[]) => list.every((number, index) => index === 0 || list[index - 1]! <= number);
    const pagerStatus = page.getByTestId('containers-table-yard-pager-status');
    const heading = page.getByTestId('containers-table-yard-sort-containerNumber');
    await page.getByTestId('containers-table-yard-pager-next').click();
    await expect.poll(() => pagerStatus.textContent()).toMatch(/^Page 2 of /);
    const gateInOrder = await numbers();
    await heading.click();
    await expect.poll(() => pagerStatus.textContent()).toMatch(/^Page 1 of /);
    await expect.poll(async () => isSorted(await numbers()) && (await rows.count()) === 15).toBe(true);
    const firstPage = await numbers();
    expect(firstPage).not.toEqual([...gateInOrder].sort());
    await page.getByTestId('containers-table-yard-pager-next').click();
    await expect.poll(async () => (await numbers())[0]! > firstPage[firstPage.length - 1]!).toBe(true);
    expect(isSorted(await numbers())).toBe(true);
    await heading.click();
    await expect.poll(() => pagerStatus.textContent()).toMatch(/^Page 1 of /);
    // Until the descending page arrives the table keeps showing page 2 (ascending): wait for both.
    await expect
      .poll(async () => {
        const list = await numbers();
        return list[0]! > firstPage[firstPage.length - 1]! && isSorted([...list].reverse());
      })
      .toBe(true);
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Container');
    expect(await heading.getAttribute('title')).toBe('Sort all pages');
    expect(await page.getByTestId('containers-table-yard-sorted-page').count()).toBe(0);
    await screenshot(page, 'containers-sorted-all-pages');

    // An export range past the last page is cut there, and the dialog says so before exporting.
    const total = Number((await page.getByTestId('containers-table-yard-pager-total').textContent())?.split(' ')[0]);
    const lastPage = Math.max(1, Math.ceil(total / 15));
    await page.getByTestId('containers-yard-export').click();
    await page.getByTestId('export-dialog-range').click();
    await page.getByTestId('export-dialog-from').fill('1');
    await page.getByTestId('export-dialog-to').fill(String(lastPage + 50));
    expect(await page.getByTestId('export-dialog-notice').textContent()).toBe(messages.exportRangeClamped(1, lastPage));
    await screenshot(page, 'containers-export-range-cut');
    await page.getByTestId('export-dialog-from').fill(String(lastPage + 1));
    await page.getByTestId('export-dialog-ok').click();
    await page.getByText(messages.exportInvalidRange).waitFor();
    await page.getByTestId('export-dialog-cancel').click();
  });

  it('lets an operator without create/update rights look but not change; an admin may change', async () => {
    const operatorRole = await roleId(server.baseUrl, superToken, 'operator');
    const updated = await apiClient(server.baseUrl, superToken).roles.updatePermissions({
      body: {
        roleId: operatorRole,
        landingPage: '/tasks',
        permissions: { crudEnabled: false, containersVisible: true },
      },
    });
    expect(updated.permissions.containersVisible).toBe(true);

    await loginThroughPage(page, server.baseUrl, 'operator', 'demo');
    await page.goto(`${server.baseUrl}/containers`);
    const table = page.getByTestId('containers-table-yard');
    await table.getByTestId('containers-table-yard-row').first().waitFor();
    for (const action of ['containers-yard-edit', 'containers-yard-delete', 'containers-yard-update-location'])
      expect(await page.getByTestId(action).isDisabled()).toBe(true);
    await page.getByTestId('containers-yard-read-only').waitFor();
    // Looking is allowed: the movements view opens.
    await table.getByRole('checkbox', { name: 'Select row' }).first().check();
    await page.getByTestId('containers-yard-movements').click();
    await page.getByTestId('movements-table').waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'containers-operator-read-only');
    // The server refuses what the screen disables.
    const operatorToken = await loginToken(server.baseUrl, 'operator', 'demo');
    const asOperator = apiClient(server.baseUrl, operatorToken);
    const first = (await asOperator.containers.inYard({ query: { limit: 1 } })).entities[0]!;
    const refused = await refusalOf(asOperator.containers.delete({ params: { n: String(first.id) } }));
    expect(refused.status).toBe(403);

    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const adminPage = await adminContext.newPage();
    await loginThroughPage(adminPage, server.baseUrl, 'admin', 'demo');
    await adminPage.goto(`${server.baseUrl}/containers`);
    await adminPage.getByTestId('containers-table-yard-row').first().waitFor();
    for (const action of ['containers-yard-edit', 'containers-yard-delete', 'containers-yard-update-location'])
      expect(await adminPage.getByTestId(action).isEnabled()).toBe(true);
    await adminContext.close();
  });
});

describe('containers screen with a satellite tile server', () => {
  let server: RunningServer;
  let tiles: Server;
  let browser: Browser;
  const tileRequests: string[] = [];

  beforeAll(async () => {
    const tilePort = await freePort();
    const tile = solidTilePng(46, 74, 52);
    tiles = createServer((request, response) => {
      tileRequests.push(request.url ?? '');
      response.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*' });
      response.end(tile);
    });
    await new Promise<void>((resolve) => tiles.listen(tilePort, '127.0.0.1', resolve));
    [server, browser] = await Promise.all([
      startServer({ MAP_TILE_URL: `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png` }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => tiles?.close(resolve));
  });

  it('draws the raster basemap under the areas when MAP_TILE_URL is configured', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) blocked.push(message.text());
    });
    await loginThroughPage(page, server.baseUrl, 'admin', 'demo');
    await page.goto(`${server.baseUrl}/containers`);
    const table = page.getByTestId('containers-table-yard');
    await table.getByTestId('containers-table-yard-row').first().waitFor();
    await table.getByRole('checkbox', { name: 'Select row' }).first().check();
    await page.getByTestId('containers-yard-map').click();
    await page.getByTestId('yard-map-tab-satellite').click();
    await page.getByTestId('yard-map-satellite').locator('canvas').waitFor();
    await expect.poll(() => tileRequests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(tileRequests.every((path) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path))).toBe(true);
    expect(await page.getByTestId('satellite-no-tiles').count()).toBe(0);
    expect(blocked).toEqual([]);
    await page.waitForTimeout(500);
    await screenshot(page, 'containers-satellite-tiles');
    await context.close();
  });
});
