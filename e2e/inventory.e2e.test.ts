import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, withCheckDigit } from '@openyard/contracts';
import { apiClient, loginToken } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// Where things stand in the demo yard, from the same snapshot the screen loads.
interface Stack {
  height: number;
  top: { containerId: number; number: string; size: number } | null;
}

describe('inventory screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let otherBrowser: Browser;
  let token: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser, otherBrowser] = await Promise.all([startServer(), launchBrowser(), launchBrowser()]);
    token = await loginToken(server.baseUrl, 'superadmin', 'demo');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await otherBrowser?.close();
    await server?.stop();
  });

  const api = () => apiClient(server.baseUrl, token);

  // The stacks of an area: height and the box on top, by "row:column" indexes.
  const stacksOf = async (areaName: string) => {
    const [layout, grid] = await Promise.all([api().yard.layout(), api().inventory.grid()]);
    const area = layout.areaLayouts.find((candidate) => candidate.name === areaName)!;
    const stacks = new Map<string, Stack>();
    for (const row of area.rowLayouts)
      for (const column of area.cellNames) stacks.set(`${row.index}:${column.index}`, { height: 0, top: null });
    grid.containerIds.forEach((containerId, i) => {
      if (grid.areaIds[i] !== area.areaId) return;
      const stack = stacks.get(`${grid.rowIndexes[i]}:${grid.columnIndexes[i]}`)!;
      if (grid.tiers[i]! > stack.height) {
        stack.height = grid.tiers[i]!;
        stack.top = { containerId, number: grid.numbers[i]!, size: grid.sizes[i]! };
      }
    });
    const slot = (key: string, tier: number) => {
      const [rowIndex, columnIndex] = key.split(':').map(Number) as [number, number];
      const row = area.rowLayouts.find((candidate) => candidate.index === rowIndex)!;
      const column = area.cellNames.find((candidate) => candidate.index === columnIndex)!;
      return `${area.name}_${row.name}_${column.name}_${area.heightNames[tier - 1]}`;
    };
    return { area, stacks, slot };
  };

  const openInventory = async (on: Browser) => {
    const context = await on.newContext({ viewport: { width: 1600, height: 940 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Inventory' }).click();
    await page.waitForURL(`${server.baseUrl}/inventory`);
    await page.getByTestId('inventory-area-card').first().waitFor();
    await page.locator('[data-testid="live-status"][data-status="open"]').waitFor();
    await page.locator('[data-testid="inventory-grid"] canvas#inventory-slots').waitFor();
    // The figures come with the snapshot: the yard's badge stops saying 0 boxes (the demo yard is full).
    await page
      .getByTestId('inventory-total-occupancy')
      .filter({ hasNotText: /\b0 boxes\b/ })
      .waitFor();
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument = true;
    });
    return page;
  };
  const sameDocument = (page: Page) =>
    page.evaluate(() => (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument === true);

  const search = async (page: Page, text: string) => {
    await page.getByTestId('inventory-search').fill(text);
    await page.getByTestId('inventory-search').press('Enter');
    // The view jumps to what was found; give the canvas a frame or two.
    await page.waitForTimeout(600);
  };
  // The search centres the view on what it found: the middle of the canvas is that box or slot.
  const gridCentre = async (page: Page) => {
    const box = (await page.getByTestId('inventory-grid').boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const rightClickCentre = async (page: Page) => {
    const { x, y } = await gridCentre(page);
    await page.mouse.move(x, y);
    await page.mouse.click(x, y, { button: 'right' });
    await page.getByTestId('inventory-context-menu').waitFor();
  };
  const selectedLocation = (page: Page) => page.getByTestId('inventory-selected').getAttribute('data-location');

  it('follows a location update made in another browser, and moves a container through the context menu', async () => {
    const { stacks, slot, area } = await stacksOf('C');
    const entries = [...stacks.entries()];
    // A 20 ft box on top of its stack, and two other stacks with room on top.
    const [fromKey, from] = entries.find(([, stack]) => stack.top && stack.top.size === 20 && stack.height >= 2)!;
    const roomy = entries.filter(([key, stack]) => key !== fromKey && stack.height < area.maxHeight);
    const [firstKey, first] = roomy[0]!;
    const [secondKey, second] = roomy[roomy.length - 1]!;
    const box = from.top!;
    const startedAt = slot(fromKey, from.height);
    const firstTarget = slot(firstKey, first.height + 1);
    const secondTarget = slot(secondKey, second.height + 1);

    // A planned slot (yellow, dashed, struck through) for the screenshot.
    const planned = roomy[Math.floor(roomy.length / 2)]!;
    await api().containers.save({
      body: {
        containerNumber: withCheckDigit('MSCU778899'),
        sizeName: '20',
        location: slot(planned[0], planned[1].height + 1),
        planned: true,
      },
    });

    const [pageA, pageB] = await Promise.all([openInventory(browser), openInventory(otherBrowser)]);
    await screenshot(pageB, 'inventory-yard');

    // Both screens look at the box.
    await search(pageA, box.number);
    await search(pageB, box.number);
    expect(await selectedLocation(pageA)).toBe(startedAt);
    expect(await selectedLocation(pageB)).toBe(startedAt);

    // A: Update Location from the context menu.
    await rightClickCentre(pageA);
    await screenshot(pageA, 'inventory-context-menu');
    await pageA.getByRole('menuitem', { name: 'Update Location' }).click();
    const dialog = pageA.getByRole('dialog', { name: `Update location of ${box.number}` });
    await dialog.waitFor();
    // Unchanged: the spec's message, nothing sent.
    await pageA.getByTestId('update-location-save').click();
    await pageA.getByTestId('update-location-error').getByText(messages.nothingToUpdate).waitFor();
    const [, row, column, height] = firstTarget.split('_') as [string, string, string, string];
    for (const [testId, value] of [
      ['update-location-row', row],
      ['update-location-column', column],
      ['update-location-height', height],
    ] as const) {
      await pageA.getByTestId(testId).click();
      await pageA.getByRole('option', { name: value, exact: true }).click();
    }
    await screenshot(pageA, 'inventory-update-location');
    await pageA.getByTestId('update-location-save').click();
    await dialog.waitFor({ state: 'hidden' });

    // B follows without a reload, within a second or so of the move.
    await expect.poll(() => selectedLocation(pageB), { timeout: 5_000, interval: 100 }).toBe(firstTarget);
    expect(await selectedLocation(pageA)).toBe(firstTarget);

    // A: Move Container Here onto a free slot found by its name.
    await search(pageA, secondTarget);
    await rightClickCentre(pageA);
    const moveHere = pageA.getByRole('menuitem', { name: /Move Container Here/ });
    expect(await moveHere.isEnabled()).toBe(true);
    await moveHere.click();
    await expect.poll(() => selectedLocation(pageB), { timeout: 5_000, interval: 100 }).toBe(secondTarget);
    expect((await api().inventory.location({ params: { n: String(box.containerId) } })).location).toBe(secondTarget);

    // The whole of area C, as the wall display shows it.
    await pageB.getByRole('button', { name: 'Zoom to area C' }).click();
    await pageB.waitForTimeout(800);
    await screenshot(pageB, 'inventory-area-c');

    expect(await sameDocument(pageA)).toBe(true);
    expect(await sameDocument(pageB)).toBe(true);
  });

  it('shows the container details on click, filters by IGM/ITEM, and answers split area with the spec text', async () => {
    const page = await openInventory(browser);
    const grid = await api().inventory.grid();
    const at = grid.igmItemIndexes.findIndex((index, i) => index >= 0 && grid.sizes[i] === 20);
    const number = grid.numbers[at]!;
    const igmItem = grid.igmItems[grid.igmItemIndexes[at]!]!;

    await search(page, number);
    const { x, y } = await gridCentre(page);
    await page.mouse.move(x, y);
    await page.mouse.click(x, y);
    await page.getByTestId('inventory-tooltip-number').filter({ hasText: number }).waitFor();
    await screenshot(page, 'inventory-tooltip');

    await rightClickCentre(page);
    await page.getByRole('menuitem', { name: 'Show containers with this IGM/ITEM' }).click();
    await page.getByTestId('inventory-igm-filter').filter({ hasText: igmItem }).waitFor();
    await rightClickCentre(page);
    await page.getByRole('menuitem', { name: 'Clear IGM/ITEM filter' }).click();
    await page.getByTestId('inventory-igm-filter').waitFor({ state: 'detached' });

    // A pie slice filters its area; the 40 ft toggle hides the area's 40 ft boxes.
    const cardA = page.locator('[data-testid="inventory-area-card"][data-area="A"]');
    await cardA.getByTestId('inventory-pie-slice').first().click();
    await cardA.getByRole('button', { name: 'Clear the filters of area A' }).waitFor();
    await cardA.locator('label', { hasText: '40 ft' }).click();
    expect(await cardA.getByTestId('inventory-toggle-40').isChecked()).toBe(false);
    await screenshot(page, 'inventory-filtered');
    await cardA.getByRole('button', { name: 'Clear the filters of area A' }).click();

    // Occupancy is floor(100 × filled / total) of the snapshot.
    const layout = await api().yard.layout();
    const areaA = layout.areaLayouts.find((area) => area.name === 'A')!;
    let filled = 0;
    grid.areaIds.forEach((areaId, i) => {
      if (areaId === areaA.areaId && !grid.planned[i]) filled += grid.sizes[i]! > 20 ? 2 : 1;
    });
    expect(await cardA.getByTestId('inventory-area-occupancy').textContent()).toBe(
      `${Math.floor((100 * filled) / areaA.totalSlots)}%`,
    );

    // A colour rule of the configure screen, on the first two rows of area B, shows on the rule layer.
    const areaB = layout.areaLayouts.find((area) => area.name === 'B')!;
    const ruleName = `Reefer stack ${Date.now().toString(36)}`;
    await api().configuration.save({
      body: {
        name: ruleName,
        color: '#7c3aed',
        cells: areaB.rowLayouts.slice(0, 2).flatMap((row) => row.cellLayouts.map((cell) => ({ id: cell.id }))),
      },
    });
    await page.locator('label', { hasText: 'Rule colours' }).click();
    await page.getByText(ruleName).waitFor();
    await page.getByRole('button', { name: 'Zoom to area B' }).click();
    await page.waitForTimeout(800);
    await screenshot(page, 'inventory-rule-colours');

    // Admin menu: splitting the whole area is refused with the spec's text.
    await page.getByTestId('inventory-admin-menu').click();
    await page.getByRole('menuitem', { name: 'Split Area' }).click();
    const form = page.getByTestId('split-area-form');
    await form.waitFor();
    await page.getByTestId('split-area-area').click();
    await page.getByRole('option', { name: 'D', exact: true }).click();
    const areaD = layout.areaLayouts.find((area) => area.name === 'D')!;
    await page.getByTestId('split-area-from').click();
    await page.getByRole('option', { name: areaD.cellNames[0]!.name, exact: true }).click();
    await page.getByTestId('split-area-to').click();
    await page.getByRole('option', { name: areaD.cellNames.at(-1)!.name, exact: true }).click();
    await page.getByTestId('split-area-name').fill('D2');
    await page.getByTestId('split-area-form-save').click();
    await page.getByTestId('split-area-form-error').getByText(messages.splitAreaEntireArea).waitFor();
    await screenshot(page, 'inventory-split-area');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    // Merging two free columns succeeds: the dialog closes with the server's message.
    await page.getByTestId('inventory-admin-menu').click();
    await page.getByRole('menuitem', { name: 'Merge Slots' }).click();
    const merge = page.getByTestId('merge-slots-form');
    await merge.waitFor();
    await merge.getByLabel('Area').click();
    await page.getByRole('option', { name: 'C', exact: true }).click();
    await merge.getByLabel('From column').click();
    await page.getByRole('option').first().click();
    await merge.getByLabel('To column').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('merge-slots-form-save').click();
    await page.getByText('Yard layout updated successfully').waitFor();
    await merge.waitFor({ state: 'detached' });
  });
});
