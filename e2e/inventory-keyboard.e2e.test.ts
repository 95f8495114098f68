import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { apiClient, loginToken } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// The inventory without a mouse (issue 13 points 21–23): the grid's keyboard cursor and context
// menu, a box moved by keys alone, Update Location's dialog taking and giving back the focus and
// saying which places it refuses before anything is sent; and the search for an owner prefix, on a
// desk and on a phone (point 25).
describe('inventory by keyboard and on a phone', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await loginToken(server.baseUrl, 'superadmin', 'demo');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const api = () => apiClient(server.baseUrl, token);

  // Area C (20 ft boxes only, no merged columns) as the screen loads it: per stack its height and
  // boxes by tier.
  const areaC = async () => {
    const [layout, grid] = await Promise.all([
      api().yard.layout(),
      api().inventory.grid({ query: { includePlanned: true } }),
    ]);
    const area = layout.areaLayouts.find((candidate) => candidate.name === 'C')!;
    const stacks = new Map<string, Map<number, { containerId: number; number: string }>>();
    for (const row of area.rowLayouts)
      for (const column of area.cellNames) stacks.set(`${row.index}:${column.index}`, new Map());
    grid.containerIds.forEach((containerId, i) => {
      if (grid.areaIds[i] !== area.areaId) return;
      stacks.get(`${grid.rowIndexes[i]}:${grid.columnIndexes[i]}`)!.set(grid.tiers[i]!, {
        containerId,
        number: grid.numbers[i]!,
      });
    });
    const heightOf = (row: number, column: number) => stacks.get(`${row}:${column}`)!.size;
    const rowName = (row: number) => area.rowLayouts.find((candidate) => candidate.index === row)!.name;
    const columnName = (column: number) => area.cellNames.find((candidate) => candidate.index === column)!.name;
    const slot = (row: number, column: number, tier: number) =>
      `C_${rowName(row)}_${columnName(column)}_${area.heightNames[tier - 1]}`;
    return { area, grid, stacks, heightOf, rowName, columnName, slot };
  };

  const openInventory = async (viewport: { width: number; height: number }, phone = false) => {
    const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
    const page = await context.newPage();
    // The machine these run on is shared: a first grid on software WebGL can take a while.
    page.setDefaultTimeout(45_000);
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.goto(`${server.baseUrl}/inventory`);
    await page.locator('[data-testid="inventory-grid"] canvas#inventory-slots').waitFor();
    await page
      .getByTestId('inventory-total-occupancy')
      .filter({ hasNotText: /\b0 boxes\b/ })
      .waitFor();
    return page;
  };
  // The page's document, typed as far as these checks use it (the e2e project has no DOM lib).
  type PageDocument = {
    activeElement: {
      closest(selector: string): { getAttribute(name: string): string | null } | null;
      getAttribute(name: string): string | null;
      textContent: string | null;
    } | null;
  };
  const focused = (page: Page) =>
    page.evaluate(() => {
      const active = (globalThis as unknown as { document: PageDocument }).document.activeElement;
      return {
        testId: active?.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
        role: active?.getAttribute('role') ?? null,
        text: active?.textContent?.trim() ?? '',
      };
    });
  const cursorSlot = (page: Page) => page.getByTestId('inventory-grid-cursor').getAttribute('data-slot');
  const locationOf = async (containerId: number) =>
    (await api().inventory.location({ params: { n: String(containerId) } })).location;
  // Types into the searchable select that has the focus, arrows to the option of that name, Enter.
  const choose = async (page: Page, text: string) => {
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(text);
    const option = page.getByRole('option', { name: text, exact: true });
    await option.waitFor();
    for (let step = 0; step < 12 && (await option.getAttribute('data-combobox-selected')) === null; step += 1)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
  };

  it('moves a box with the keys alone: search, arrows, Shift+F10, Move Container Here, then Update Location', async () => {
    const page = await openInventory({ width: 1440, height: 900 });
    const yard = await areaC();
    const { area, heightOf, slot } = yard;
    const columns = area.cellNames.map((column) => column.index);
    // A box on top of its stack, and a stack of the same row with room, a few columns away.
    let plan: { row: number; from: number; to: number } | null = null;
    for (const row of area.rowLayouts.map((candidate) => candidate.index)) {
      for (const [ordinal, from] of columns.entries()) {
        const height = heightOf(row, from);
        if (height < 2) continue;
        const to = columns.slice(ordinal + 1).find((column) => heightOf(row, column) < area.maxHeight);
        if (to !== undefined) plan = { row, from, to };
        if (plan) break;
      }
      if (plan) break;
    }
    expect(plan).not.toBeNull();
    const { row, from, to } = plan!;
    const fromHeight = heightOf(row, from);
    const box = yard.stacks.get(`${row}:${from}`)!.get(fromHeight)!;
    const target = slot(row, to, heightOf(row, to) + 1);

    // The search runs on Enter; the found box becomes the cursor's slot once the grid has the focus.
    await page.getByTestId('inventory-search').focus();
    await page.keyboard.type(box.number);
    await page.keyboard.press('Enter');
    await page.getByTestId('inventory-selected').filter({ hasText: box.number }).waitFor();
    await page.getByTestId('inventory-grid').focus();
    await expect.poll(() => cursorSlot(page)).toBe(slot(row, from, fromHeight));
    await page.getByTestId('inventory-grid-cursor').filter({ hasText: box.number }).waitFor();

    // Right along the row to the target column, then up or down its tiers.
    for (let step = columns.indexOf(from); step < columns.indexOf(to); step += 1)
      await page.keyboard.press('ArrowRight');
    const targetTier = heightOf(row, to) + 1;
    for (let tier = fromHeight; tier !== targetTier; tier += targetTier > tier ? 1 : -1)
      await page.keyboard.press(targetTier > tier ? 'ArrowUp' : 'ArrowDown');
    await expect.poll(() => cursorSlot(page)).toBe(target);
    await page.getByTestId('inventory-grid-cursor').filter({ hasText: 'empty' }).waitFor();
    await screenshot(page, 'inventory-keyboard-cursor');

    // Shift+F10 opens the slot's menu with the focus on the first thing it can do.
    await page.keyboard.press('Shift+F10');
    await page.getByTestId('inventory-context-menu').waitFor();
    await expect.poll(async () => (await focused(page)).text).toContain('Move Container Here');
    await screenshot(page, 'inventory-keyboard-menu');
    await page.keyboard.press('Enter');
    await expect.poll(() => locationOf(box.containerId), { timeout: 10_000 }).toBe(target);
    await page.getByTestId('inventory-context-menu').waitFor({ state: 'detached' });
    // The keyboard is back on the grid, the cursor on the box in its new place.
    await expect.poll(async () => (await focused(page)).testId).toBe('inventory-grid');
    await page.getByTestId('inventory-grid-cursor').filter({ hasText: box.number }).waitFor();

    // The context-menu key on the box: Update Location, whose dialog starts on its first field.
    await page.keyboard.press('ContextMenu');
    await page.getByTestId('inventory-context-menu').waitFor();
    await expect.poll(async () => (await focused(page)).text).toContain('Update Location');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Update location of ${box.number}` });
    await dialog.waitFor();
    await expect.poll(async () => (await focused(page)).testId).toBe('update-location-area');

    // Row 1 of the area; its columns say which can not take the box and why.
    const firstRow = area.rowLayouts[0]!.index;
    // (The stacks of the two columns used above changed since they were read.)
    const unchanged = columns.filter((column) => firstRow !== row || (column !== from && column !== to));
    const full = unchanged.find((column) => heightOf(firstRow, column) >= area.maxHeight);
    const roomy = unchanged.find(
      (column) => heightOf(firstRow, column) >= 1 && heightOf(firstRow, column) < area.maxHeight,
    )!;
    expect(full).toBeDefined();
    await page.keyboard.press('Tab');
    await choose(page, yard.rowName(firstRow));
    await page.keyboard.press('Tab');
    expect((await focused(page)).testId).toBe('update-location-column');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(yard.columnName(full!));
    const refused = page.getByRole('option', { name: `${yard.columnName(full!)} · ${messages.slotChoiceFull}` });
    expect(await refused.getAttribute('data-combobox-disabled')).toBe('true');
    // Choosing a column puts the height on top of its stack; the heights under it are taken.
    await choose(page, yard.columnName(roomy));
    const roomyTier = heightOf(firstRow, roomy) + 1;
    await expect
      .poll(() => page.getByTestId('update-location-height').inputValue())
      .toBe(area.heightNames[roomyTier - 1]);
    await page.keyboard.press('Tab');
    expect((await focused(page)).testId).toBe('update-location-height');
    await page.keyboard.press('ArrowDown');
    const taken = page.getByRole('option', {
      name: `${area.heightNames[roomyTier - 2]} · ${messages.slotChoiceTaken}`,
    });
    expect(await taken.getAttribute('data-combobox-disabled')).toBe('true');
    await screenshot(page, 'inventory-update-location-marks');
    await page.keyboard.press('Escape');
    await taken.waitFor({ state: 'hidden' });
    await page.getByRole('dialog', { name: `Update location of ${box.number}` }).waitFor();
    expect(await page.getByTestId('update-location-error').count()).toBe(0);

    // Tab to Update and press Enter: saved, the dialog gives the focus back to the grid.
    for (let tab = 0; tab < 6 && (await focused(page)).testId !== 'update-location-save'; tab += 1)
      await page.keyboard.press('Tab');
    expect((await focused(page)).testId).toBe('update-location-save');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const second = slot(firstRow, roomy, roomyTier);
    await expect.poll(() => locationOf(box.containerId), { timeout: 10_000 }).toBe(second);
    await expect.poll(async () => (await focused(page)).testId).toBe('inventory-grid');
    await page.context().close();
  });

  it('says why a box with another on top can not move, before anything is sent', async () => {
    const page = await openInventory({ width: 1440, height: 900 });
    const { stacks, slot, area } = await areaC();
    const [key, stack] = [...stacks.entries()].find(([, candidate]) => candidate.size >= 2)!;
    const [row, column] = key.split(':').map(Number) as [number, number];
    const box = stack.get(1)!;
    await page.getByTestId('inventory-search').fill(box.number);
    await page.getByTestId('inventory-search').press('Enter');
    await page.getByTestId('inventory-selected').filter({ hasText: box.number }).waitFor();
    await page.getByTestId('inventory-grid').focus();
    await page.keyboard.press('Shift+F10');
    await expect.poll(async () => (await focused(page)).text).toContain('Update Location');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: `Update location of ${box.number}` }).waitFor();
    const refusal = messages.slotLeavesHole(box.number, slot(row, column, 1));
    await page.getByTestId('update-location-error').getByText(refusal).waitFor();
    // Update sends nothing: the box stays where it is.
    await page.getByTestId('update-location-save').click();
    await page.getByTestId('update-location-error').getByText(refusal).waitFor();
    expect(await locationOf(box.containerId)).toBe(slot(row, column, 1));
    expect(area.maxHeight).toBeGreaterThan(1);
    await page.context().close();
  });

  it('finds an owner prefix', async () => {
    const page = await openInventory({ width: 1440, height: 900 });
    const grid = await api().inventory.grid({ query: { includePlanned: true } });
    const owner = grid.numbers[0]!.slice(0, 4);
    const count = grid.numbers.filter((number) => number.startsWith(owner)).length;
    await page.getByTestId('inventory-search').fill(owner.toLowerCase());
    await page.getByTestId('inventory-search').press('Enter');
    await page
      .getByTestId('inventory-found')
      .filter({ hasText: `${count} found` })
      .waitFor();
    expect(await page.getByText(`No container of IGM`).count()).toBe(0);
    await screenshot(page, 'inventory-owner-prefix');
    await page.context().close();
  });

  it('is usable on a phone: the grid fills the width, search finds, details show under it', async () => {
    const page = await openInventory({ width: 390, height: 844 }, true);
    const grid = page.getByTestId('inventory-grid');
    const box = (await grid.boundingBox())!;
    expect(box.width).toBeGreaterThan(340);
    expect(box.height).toBeGreaterThan(300);
    // Nothing is wider than the phone.
    const scrollWidth = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
          .scrollWidth,
    );
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await screenshot(page, 'inventory-phone');

    const data = await api().inventory.grid({ query: { includePlanned: true } });
    const owner = data.numbers[0]!.slice(0, 4);
    await page.getByTestId('inventory-search').fill(owner);
    await page.getByTestId('inventory-search').press('Enter');
    await page.getByTestId('inventory-found').waitFor();

    const number = data.numbers[3]!;
    await page.getByTestId('inventory-search').fill(number);
    await page.getByTestId('inventory-search').press('Enter');
    await page.getByTestId('inventory-tooltip-number').filter({ hasText: number }).waitFor();
    // (The header's badges may have moved the grid.)
    const gridNow = (await grid.boundingBox())!;
    const details = (await page.getByTestId('inventory-tooltip').boundingBox())!;
    expect(details.y).toBeGreaterThanOrEqual(gridNow.y + gridNow.height);
    expect(details.width).toBeGreaterThan(340);
    await screenshot(page, 'inventory-phone-details');

    // A tap on the found box (the middle of the grid after the search) shows its details too.
    await page.getByTestId('inventory-tooltip').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('inventory-tooltip').waitFor({ state: 'detached' });
    await page.waitForTimeout(600);
    await page.touchscreen.tap(gridNow.x + gridNow.width / 2, gridNow.y + gridNow.height / 2);
    await page.getByTestId('inventory-tooltip-number').filter({ hasText: number }).waitFor();
    await page.context().close();
  });
});
