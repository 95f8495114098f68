import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, type RuleInput, type YardLayout } from '@openyard/contracts';
import { apiClient, loginToken, refusalOf, uniqueName, type ApiClient } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// Clicks the cell at grid place (x, y) of an area's canvas; the canvas gives its cell size.
async function clickCell(page: Page, area: string, x: number, y: number) {
  const canvas = page.getByTestId(`configure-area-canvas-${area}`);
  await canvas.scrollIntoViewIfNeeded();
  const [width, height, gap] = await Promise.all(
    ['data-cell-width', 'data-cell-height', 'data-cell-gap'].map(async (name) =>
      Number(await canvas.getAttribute(name)),
    ),
  );
  await canvas.click({ position: { x: x * (width! + gap!) + width! / 2, y: y * (height! + gap!) + height! / 2 } });
}

// Full-page screenshots start at the top, where the header is.
async function scrollToTop(page: Page) {
  await page.evaluate(() => (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0));
}

describe('configure screen (enterprise edition)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let areaC: YardLayout['areaLayouts'][number];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    api = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'superadmin', 'demo'));
    const layout = await api.yard.layout();
    areaC = layout.areaLayouts.find((area) => area.name === 'C')!;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterEach(async () => {
    await context.close();
  });

  const openScreen = async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Configuration' }).click();
    await page.waitForURL(`${server.baseUrl}/configure`);
    await page.locator('[data-testid="configure-page"][data-mode="view"]').waitFor();
    await page.locator('[data-testid="live-status"][data-status="open"]').waitFor();
  };
  const showcaseRules = async (): Promise<number[]> => {
    const layout = await api.yard.layout();
    const area = (name: string) => layout.areaLayouts.find((candidate) => candidate.name === name)!;
    const liners = await api.masterData.liners();
    const cellsOf = (name: string, rows: number[], columns: [number, number]) =>
      area(name)
        .rowLayouts.filter((_, y) => rows.includes(y))
        .flatMap((row) => row.cellLayouts.slice(columns[0], columns[1]).map((cell) => ({ id: cell.id })));
    const inputs: RuleInput[] = [
      {
        name: uniqueName('Export 40 '),
        color: '#F59F00',
        process: 'Export',
        size: '40',
        cells: cellsOf('A', [0, 1, 2], [18, 30]),
      },
      {
        name: uniqueName('Reefers '),
        color: '#0CA678',
        liner: liners[0]?.name,
        cells: cellsOf('B', [0, 1, 2, 3, 4, 5, 6, 7], [26, 30]),
      },
      { name: uniqueName('Hazardous '), color: '#E03131', hazardous: true, cells: cellsOf('E', [6, 7], [0, 10]) },
    ];
    const ids: number[] = [];
    for (const input of inputs) {
      const saved = await api.configuration.save({ body: input });
      ids.push(saved.rule.id);
      await page.locator(`[data-testid="rule-list-item"][data-rule-name="${input.name}"]`).waitFor();
    }
    return ids;
  };
  const rules = () => api.configuration.load();

  it('creates a rule from a selected row, refuses a taken name, shows a cell summary and deletes the rule', async () => {
    const [firstRow, secondRow] = areaC.rowLayouts;
    const name = uniqueName('Reefer row ');
    await openScreen();
    expect(await page.getByTestId('configure-content').getAttribute('data-blurred')).toBe('false');

    // Edit mode: save stays disabled until there are cells, a name and a colour other than #000000.
    await page.getByTestId('configure-new-rule').click();
    await page.locator('[data-testid="configure-page"][data-mode="edit"]').waitFor();
    expect(await page.getByTestId('rule-form-save').isDisabled()).toBe(true);
    expect(await page.getByTestId('rule-form-hint').textContent()).toBe(messages.ruleNameRequired);
    await page.getByTestId(`configure-row-C-${firstRow!.name}`).click();
    await page
      .getByTestId('rule-form-cell-count')
      .filter({ hasText: `${firstRow!.cellLayouts.length} cells` })
      .waitFor();
    await page.getByTestId('rule-form-name').fill(name);
    expect(await page.getByTestId('rule-form-hint').textContent()).toBe(messages.ruleColorRequired);
    expect(await page.getByTestId('rule-form-save').isDisabled()).toBe(true);
    await page.getByTestId('rule-form-color').fill('#1C7ED6');
    await page.getByTestId('rule-form-process').click();
    await page.getByRole('option', { name: 'Import', exact: true }).click();
    await page.getByTestId('rule-form-hazardous').check();
    await scrollToTop(page);
    await screenshot(page, 'configure-edit-row-selected');
    await page.getByTestId('rule-form-save').click();
    await page.getByText(messages.ruleSaved).waitFor();
    await page.locator('[data-testid="configure-page"][data-mode="view"]').waitFor();
    await page.locator(`[data-testid="rule-list-item"][data-rule-name="${name}"]`).waitFor();

    const saved = (await rules()).find((rule) => rule.name === name);
    expect(saved).toMatchObject({ color: '#1C7ED6', process: 'Import', liner: 'All', hazardous: true });
    expect(saved!.cells.map((cell) => cell.id).sort((a, b) => a - b)).toEqual(
      firstRow!.cellLayouts.map((cell) => cell.id).sort((a, b) => a - b),
    );

    // The same name again (other case): refused with the spec's text, the screen stays in edit mode.
    // Cells of the saved rule cannot be selected: its row adds nothing.
    await page.getByTestId('configure-new-rule').click();
    await page.getByTestId(`configure-row-C-${firstRow!.name}`).click();
    expect(await page.getByTestId('rule-form-cell-count').textContent()).toBe('0 cells selected');
    await page.getByTestId(`configure-row-C-${secondRow!.name}`).click();
    await page
      .getByTestId('rule-form-cell-count')
      .filter({ hasText: `${secondRow!.cellLayouts.length} cells` })
      .waitFor();
    await scrollToTop(page);
    await screenshot(page, 'configure-edit-locked-cells');
    await page.getByTestId('rule-form-name').fill(name.toUpperCase());
    await page.getByTestId('rule-form-color').fill('#E03131');
    await page.getByTestId('rule-form-save').click();
    await page.getByTestId('rule-form').getByText(messages.ruleNameTaken(name.toUpperCase())).waitFor();
    expect(await page.getByTestId('configure-page').getAttribute('data-mode')).toBe('edit');
    // The server refuses it the same way when a client skips the screen's check.
    const duplicate = await refusalOf(
      api.configuration.save({
        body: {
          name: name.toUpperCase(),
          color: '#E03131',
          cells: secondRow!.cellLayouts.map((cell) => ({ id: cell.id })),
        },
      }),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.message).toBe(messages.ruleNameTaken(name.toUpperCase()));
    // Cancelling returns to view mode with nothing saved.
    await page.getByTestId('rule-form-cancel').click();
    await page.locator('[data-testid="configure-page"][data-mode="view"]').waitFor();
    expect((await rules()).filter((rule) => rule.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);

    // A few more rules, as a yard would have them, for the screenshot.
    const showcase = await showcaseRules();

    // View mode: a click on a cell toggles its rule summary.
    await clickCell(page, 'C', 2, 0);
    const summary = page.getByTestId('cell-rule-summary');
    await summary.waitFor();
    expect(await summary.getByTestId('cell-rule-summary-name').textContent()).toBe(name);
    expect(await summary.getAttribute('data-cell')).toBe(firstRow!.cellLayouts[2]!.fullName);
    await scrollToTop(page);
    await screenshot(page, 'configure');
    await clickCell(page, 'C', 2, 0);
    await summary.waitFor({ state: 'detached' });
    await clickCell(page, 'C', 2, 1);
    await page.getByTestId('cell-rule-summary-none').waitFor();

    // Delete with confirmation: cancelling keeps it, confirming removes it.
    const item = page.locator(`[data-testid="rule-list-item"][data-rule-name="${name}"]`);
    await item.getByTestId('rule-delete').click();
    await page.getByTestId('confirm-dialog-cancel').click();
    expect((await rules()).some((rule) => rule.name === name)).toBe(true);
    await item.getByTestId('rule-delete').click();
    await page.getByTestId('confirm-dialog-ok').click();
    await page.getByText(messages.ruleDeleted).waitFor();
    await item.waitFor({ state: 'detached' });
    expect((await rules()).some((rule) => rule.name === name)).toBe(false);
    for (const id of showcase) await api.configuration.delete({ params: { id } });
  });

  it('selects by column and area, and edits an existing rule', async () => {
    await openScreen();
    await page.getByTestId('configure-new-rule').click();
    await page.getByTestId('configure-select-by').getByText('Column').click();
    await clickCell(page, 'D', 3, 2);
    const rowCount = page.getByTestId('rule-form-cell-count');
    const areaD = (await api.yard.layout()).areaLayouts.find((area) => area.name === 'D')!;
    await rowCount.filter({ hasText: `${areaD.rowLayouts.length} cells` }).waitFor();
    // A second click on the same column takes it out again.
    await clickCell(page, 'D', 3, 0);
    await rowCount.filter({ hasText: '0 cells' }).waitFor();
    await page.getByTestId('configure-select-area-D').click();
    const areaCells = areaD.rowLayouts.reduce((sum, row) => sum + row.cellLayouts.length, 0);
    await rowCount.filter({ hasText: `${areaCells} cells` }).waitFor();
    const name = uniqueName('Block D ');
    await page.getByTestId('rule-form-name').fill(name);
    await page.getByTestId('rule-form-color').fill('#2F9E44');
    await page.getByTestId('rule-form-save').click();
    await page.locator(`[data-testid="rule-list-item"][data-rule-name="${name}"]`).waitFor();

    // Edit: the rule's cells come selected; by cell, one click takes one out.
    await page.locator(`[data-testid="rule-list-item"][data-rule-name="${name}"]`).getByTestId('rule-edit').click();
    await rowCount.filter({ hasText: `${areaCells} cells` }).waitFor();
    await page.getByTestId('configure-select-by').getByText('Cell').click();
    await clickCell(page, 'D', 0, 0);
    await rowCount.filter({ hasText: `${areaCells - 1} cells` }).waitFor();
    await page.getByTestId('rule-form-save').click();
    await page.locator('[data-testid="configure-page"][data-mode="view"]').waitFor();
    const saved = (await rules()).find((rule) => rule.name === name)!;
    expect(saved.cells).toHaveLength(areaCells - 1);
    expect(saved.cells.map((cell) => cell.id)).not.toContain(areaD.rowLayouts[0]!.cellLayouts[0]!.id);
    await api.configuration.delete({ params: { id: saved.id } });
  });

  it('shows a rule saved elsewhere without a reload', async () => {
    await openScreen();
    await page.evaluate(() => {
      (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument = true;
    });
    const name = uniqueName('Live rule ');
    const created = await api.configuration.save({
      body: {
        name,
        color: '#F59F00',
        cells: areaC.rowLayouts[3]!.cellLayouts.slice(0, 4).map((cell) => ({ id: cell.id })),
      },
    });
    const item = page.locator(`[data-testid="rule-list-item"][data-rule-name="${name}"]`);
    await item.waitFor({ timeout: 5_000 });
    await api.configuration.delete({ params: { id: created.rule.id } });
    await item.waitFor({ state: 'detached', timeout: 5_000 });
    expect(await page.evaluate(() => (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument)).toBe(true);
  });

  it('refuses /configure to a user whose menu has no Configuration entry', async () => {
    await loginThroughPage(page, server.baseUrl, 'admin', 'demo');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Home' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Configuration' }).count()).toBe(0);
    await page.goto(`${server.baseUrl}/configure`);
    await page.waitForURL(`${server.baseUrl}/403`);
  });
});

describe('configure screen (community edition)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ EDITION: 'community' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('blurs the screen and allows no rule editing', async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
      await page.goto(`${server.baseUrl}/configure`);
      await page.getByTestId('configure-locked').getByText(messages.lockedFeature).waitFor();
      expect(await page.getByTestId('configure-content').getAttribute('data-blurred')).toBe('true');
      expect(await page.getByTestId('configure-new-rule').isDisabled()).toBe(true);
      await screenshot(page, 'configure-community');

      const api = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'superadmin', 'demo'));
      const layout = await api.yard.layout();
      const refused = await refusalOf(
        api.configuration.save({
          body: {
            name: 'Not here',
            color: '#1C7ED6',
            cells: [{ id: layout.areaLayouts[0]!.rowLayouts[0]!.cellLayouts[0]!.id }],
          },
        }),
      );
      expect(refused.status).toBe(403);
      expect(refused.message).toBe(messages.lockedFeature);
    } finally {
      await context.close();
    }
  });
});
