import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, parseSlotName, withCheckDigit, type YardLayout } from '@openyard/contracts';
import { apiClient, createUser, loginToken, uniqueName } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// Pre-advised 20 ft containers: the planning screen's queued containers (spec 2 §3).
async function preAdvise(baseUrl: string, token: string, prefix: string, count: number): Promise<string[]> {
  const api = apiClient(baseUrl, token);
  const serial = String(Math.floor(Math.random() * 1e4)).padStart(4, '0');
  const numbers = Array.from({ length: count }, (_, index) => withCheckDigit(`${prefix}${serial}${index}${index}`));
  for (const containerNumber of numbers)
    await api.preAdvices.create({
      body: {
        containerNumber,
        expectedFrom: Date.now(),
        expectedTo: Date.now() + 86_400_000,
        liner: 'MSC',
        category: 'General',
        containerSize: '20',
      },
    });
  return numbers;
}

// Stacks of the 20 ft areas (no merged columns) with room on top, planned boxes counted, as slot
// names of their next free tier; one per stack.
async function roomyStacks(baseUrl: string, token: string, count: number) {
  const api = apiClient(baseUrl, token);
  const [layout, grid] = await Promise.all([
    api.yard.layout(),
    api.inventory.grid({ query: { includePlanned: true } }),
  ]);
  const heights = new Map<string, number>();
  grid.containerIds.forEach((_, i) => {
    const key = `${grid.areaIds[i]}:${grid.rowIndexes[i]}:${grid.columnIndexes[i]}`;
    heights.set(key, Math.max(heights.get(key) ?? 0, grid.tiers[i]!));
  });
  const slots: string[] = [];
  for (const area of layout.areaLayouts) {
    if (area.cellNames.some((column) => column.merged)) continue;
    for (const row of [...area.rowLayouts].sort((a, b) => a.index - b.index))
      for (const column of [...area.cellNames].sort((a, b) => a.index - b.index)) {
        const height = heights.get(`${area.areaId}:${row.index}:${column.index}`) ?? 0;
        if (height >= area.maxHeight) continue;
        slots.push(`${area.name}_${row.name}_${column.name}_${area.heightNames[height]}`);
        if (slots.length === count) return { layout, slots };
      }
  }
  throw new Error('the demo yard has no room for these boxes');
}

// Where a slot is in the grid's keyboard order: area, row and column ordinals and the tier.
function placeOf(layout: YardLayout, name: string) {
  const parts = parseSlotName(name, layout.slotFormat)!;
  const areaIndex = layout.areaLayouts.findIndex((area) => area.name === parts.area);
  const area = layout.areaLayouts[areaIndex]!;
  const rows = [...area.rowLayouts].sort((a, b) => a.index - b.index).map((row) => row.name);
  const columns = [...area.cellNames].sort((a, b) => a.index - b.index).map((column) => column.name);
  return {
    areaIndex,
    row: rows.indexOf(parts.row),
    column: columns.indexOf(parts.column),
    tier: area.heightNames.indexOf(parts.height ?? '') + 1,
  };
}

// Moves the grid's keyboard cursor to a slot (the arrows, Page Up and Down; see slotNavigation) and
// presses Enter there: the planner's click on that stack, without a mouse.
async function pickSlot(page: Page, layout: YardLayout, name: string) {
  const grid = page.getByTestId('inventory-grid');
  await grid.focus();
  // The cursor shows once a key is used on the grid (a focus from a click shows none).
  await page.keyboard.press('ArrowLeft');
  const cursor = page.getByTestId('inventory-grid-cursor');
  const target = placeOf(layout, name);
  for (let step = 0; step < 400; step += 1) {
    const at = placeOf(layout, (await cursor.getAttribute('data-slot'))!);
    const key =
      at.areaIndex !== target.areaIndex
        ? at.areaIndex < target.areaIndex
          ? 'PageDown'
          : 'PageUp'
        : at.row !== target.row
          ? at.row < target.row
            ? 'ArrowDown'
            : 'ArrowUp'
          : at.column !== target.column
            ? at.column < target.column
              ? 'ArrowRight'
              : 'ArrowLeft'
            : at.tier !== target.tier
              ? at.tier < target.tier
                ? 'ArrowUp'
                : 'ArrowDown'
              : 'Enter';
    await page.keyboard.press(key);
    if (key === 'Enter') return;
  }
  throw new Error(`the cursor did not reach ${name}`);
}

describe('planning screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await loginToken(server.baseUrl, 'superadmin', 'demo');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  const api = () => apiClient(server.baseUrl, token);

  const openPlanning = async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 940 } });
    contexts.push(context);
    const page = await context.newPage();
    // The machine these run on is shared: a first grid on software WebGL can take a while.
    page.setDefaultTimeout(45_000);
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Planning' }).click();
    await page.waitForURL(`${server.baseUrl}/planning`);
    await page.locator('[data-testid="live-status"][data-status="open"]').waitFor();
    await page.locator('[data-testid="inventory-grid"] canvas#inventory-slots').waitFor();
    return page;
  };
  const search = async (page: Page, text: string) => {
    await page.getByTestId('planning-search-text').fill(text);
    await page.getByTestId('planning-search-submit').click();
  };
  const row = (page: Page, containerNumber: string) =>
    page.locator(`[data-testid="planning-queued-row"][data-row-key="${containerNumber}"]`);
  const slotOf = (page: Page, containerNumber: string) =>
    row(page, containerNumber).getByTestId('planning-slot').getAttribute('data-slot');

  it('plans queued containers by click, saves the plan, shows its slots on /inventory, and gates one in there', async () => {
    const numbers = await preAdvise(server.baseUrl, token, 'PLNU', 2);
    const { layout, slots } = await roomyStacks(server.baseUrl, token, 2);
    const page = await openPlanning();

    await search(page, numbers[0]!.slice(0, 8));
    for (const number of numbers) await row(page, number).waitFor();
    // Choose the first; a click on a stack plans it on top and goes on to the next one.
    await row(page, numbers[0]!).click();
    await page.getByTestId('planning-active').filter({ hasText: numbers[0]! }).waitFor();
    await pickSlot(page, layout, slots[0]!);
    await expect.poll(() => slotOf(page, numbers[0]!)).toBe(slots[0]);
    await page.getByTestId('planning-active').filter({ hasText: numbers[1]! }).waitFor();
    await pickSlot(page, layout, slots[1]!);
    await expect.poll(() => slotOf(page, numbers[1]!)).toBe(slots[1]);
    expect(await row(page, numbers[1]!).getByTestId('planning-slot').getAttribute('data-state')).toBe('unsaved');

    // Save waits for a name (spec 2 §5).
    const save = page.getByTestId('planning-save');
    expect(await save.isDisabled()).toBe(true);
    const name = uniqueName('Plan ');
    await page.getByTestId('planning-name').fill(name);
    await expect.poll(() => save.isEnabled()).toBe(true);
    await page.getByTestId('planning-zoom-area').click();
    await page.getByRole('option', { name: parseSlotName(slots[0]!, layout.slotFormat)!.area, exact: true }).click();
    await page.waitForTimeout(800);
    await screenshot(page, 'planning-plan');
    await save.click();
    await page.getByText(messages.planSaved(name)).waitFor();

    // Saved: the plan holds both slots, the boxes are planned in the yard model.
    const plan = (await api().planning.plans()).find((candidate) => candidate.name === name)!;
    expect(
      Object.fromEntries(
        plan.plannedContainers.map((container) => [container.containerNumber, container.slotFullName]),
      ),
    ).toEqual({ [numbers[0]!]: slots[0], [numbers[1]!]: slots[1] });
    // The name is taken now.
    await page.getByTestId('planning-name').fill(name);
    await page.getByText(messages.planNameTaken(name)).waitFor();
    expect(await save.isDisabled()).toBe(true);

    // /inventory shows the planned box in its slot, dashed yellow and struck through.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Inventory' }).click();
    await page.waitForURL(`${server.baseUrl}/inventory`);
    await page.getByTestId('inventory-search').fill(numbers[0]!);
    await page.getByTestId('inventory-search').press('Enter');
    await expect.poll(() => page.getByTestId('inventory-selected').getAttribute('data-location')).toBe(slots[0]);
    await page.getByTestId('inventory-grid').focus();
    await page.getByTestId('inventory-grid-cursor').filter({ hasText: 'planned' }).waitFor();
    await page.waitForTimeout(600);
    await screenshot(page, 'planning-inventory-planned');

    // The gate-in of a planned box lands it in its planned slot.
    const gateIn = await api().gateOperations.gateIn({
      body: {
        requestId: randomUUID().replaceAll('-', ''),
        mode: 'single',
        container1Data: {
          containerNumber: numbers[0]!,
          containerSize: '20',
          gateInPurpose: 'Import',
          tagId: 'DummyTag',
        },
        trailerNumber: 'MH04PLAN1',
      },
    });
    expect(gateIn.responsestatus).toBe('success');
    expect(gateIn.containers.find((container) => container.containerNumber === numbers[0])?.location).toBe(slots[0]);
    await expect
      .poll(() =>
        api()
          .inventory.location({ params: { n: numbers[0]! } })
          .then((found) => found.location),
      )
      .toBe(slots[0]);
  });

  it('asks before unsaved slots are discarded, edits and deletes a plan with the spec confirmation', async () => {
    const numbers = await preAdvise(server.baseUrl, token, 'PLDU', 2);
    const { layout, slots } = await roomyStacks(server.baseUrl, token, 2);
    const page = await openPlanning();
    await search(page, numbers[0]!.slice(0, 8));
    await row(page, numbers[0]!).click();
    await pickSlot(page, layout, slots[0]!);
    await expect.poll(() => slotOf(page, numbers[0]!)).toBe(slots[0]);

    // A new selection with an unsaved slot: the spec's question; Cancel keeps the slot.
    await search(page, numbers[1]!);
    await page.getByText(messages.confirmDiscardPlan).waitFor();
    await screenshot(page, 'planning-discard');
    await page.getByTestId('confirm-dialog-cancel').click();
    expect(await slotOf(page, numbers[0]!)).toBe(slots[0]);
    // So does another tab; Discard lets the slot go.
    await page.getByTestId('planning-tab-edit').click();
    await page.getByText(messages.confirmDiscardPlan).waitFor();
    await page.getByTestId('confirm-dialog-ok').click();
    await page.getByTestId('planning-plans').waitFor();

    // A plan saved through the catalogue, opened on Edit Plan: one slot moved and saved again.
    const name = uniqueName('Edit ');
    await api().planning.save({
      body: { name, assignments: [{ containerNumber: numbers[0]!, slotFullName: slots[0]! }] },
    });
    await page.getByTestId('planning-tab-plan').click();
    await page.getByTestId('planning-tab-edit').click();
    // The plan saved elsewhere is listed (the topic planning reloads the list).
    const planRow = page.getByTestId('planning-plans-row').filter({ hasText: name });
    await planRow.waitFor();
    await screenshot(page, 'planning-plans');
    await planRow.getByTestId('planning-plan-open').click();
    await page.getByTestId('planning-opened').filter({ hasText: name }).waitFor();
    expect(await row(page, numbers[0]!).getByTestId('planning-slot').getAttribute('data-state')).toBe('planned');
    // A click on its slot gives it back; on another stack, it goes there.
    await pickSlot(page, layout, slots[0]!);
    await row(page, numbers[0]!).getByTestId('planning-slot').waitFor({ state: 'detached' });
    await pickSlot(page, layout, slots[1]!);
    await expect.poll(() => slotOf(page, numbers[0]!)).toBe(slots[1]);
    await page
      .getByTestId('inventory-grid-cursor')
      .filter({ hasText: `assigned to ${numbers[0]}` })
      .waitFor();
    await page.getByTestId('planning-zoom-area').click();
    await page.getByRole('option', { name: parseSlotName(slots[1]!, layout.slotFormat)!.area, exact: true }).click();
    await page.waitForTimeout(800);
    await screenshot(page, 'planning-edit-plan');
    await page.getByTestId('planning-save').click();
    await page.getByText(messages.planSaved(name)).waitFor();
    await expect
      .poll(
        async () =>
          (await api().planning.plans()).find((plan) => plan.name === name)?.plannedContainers[0]?.slotFullName,
      )
      .toBe(slots[1]);

    // Delete: the spec's question, then the plan is gone and its container queued again.
    await page.getByTestId('planning-delete').click();
    await page.getByText(messages.confirmDeletePlan).waitFor();
    await page.getByTestId('confirm-dialog-ok').click();
    await page.getByText(messages.planDeleted(name)).waitFor();
    await page.getByTestId('planning-plans').waitFor();
    expect((await api().planning.plans()).some((plan) => plan.name === name)).toBe(false);
    const queued = await api().planning.queued({ query: { searchBy: 'containerNumber', query: numbers[0]! } });
    expect(queued.find((container) => container.containerNumber === numbers[0])?.planned).toBe(false);
  });

  it('auto-assigns through the engine: its proposal becomes unsaved slots the planner saves', async () => {
    const numbers = await preAdvise(server.baseUrl, token, 'PLAU', 3);
    const page = await openPlanning();
    await search(page, numbers[0]!.slice(0, 8));
    for (const number of numbers) await row(page, number).waitFor();
    await page.getByTestId('planning-auto-assign').click();
    for (const number of numbers)
      await row(page, number).locator('[data-testid="planning-slot"][data-state="unsaved"]').waitFor();
    await screenshot(page, 'planning-auto-assign');
    const name = uniqueName('Engine ');
    await page.getByTestId('planning-name').fill(name);
    await page.getByTestId('planning-save').click();
    await page.getByText(messages.planSaved(name)).waitFor();
    const plan = (await api().planning.plans()).find((candidate) => candidate.name === name)!;
    expect(plan.plannedContainers.map((container) => container.containerNumber).sort()).toEqual([...numbers].sort());
  });
});

describe('planning screen outside the enterprise version', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ EDITION: 'community' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('answers auto-assign and save with the locked-feature modal (spec 2 §6)', async () => {
    const token = await loginToken(server.baseUrl, 'superadmin', 'demo');
    const planner = { username: uniqueName('planner'), password: 'Planner#2024', role: 'admin' };
    await createUser(server.baseUrl, token, planner);
    const numbers = await preAdvise(server.baseUrl, token, 'PLCU', 1);
    const { layout, slots } = await roomyStacks(server.baseUrl, token, 1);
    const page = await (await browser.newContext({ viewport: { width: 1600, height: 940 } })).newPage();
    page.setDefaultTimeout(45_000);
    await loginThroughPage(page, server.baseUrl, planner.username, planner.password);
    await page.goto(`${server.baseUrl}/planning`);
    await page.locator('[data-testid="inventory-grid"] canvas#inventory-slots').waitFor();
    await page.getByTestId('planning-search-text').fill(numbers[0]!);
    await page.getByTestId('planning-search-submit').click();

    await page.getByTestId('planning-auto-assign').click();
    await page.getByTestId('locked-feature-modal').getByText(messages.lockedFeature).waitFor();
    await screenshot(page, 'planning-locked');
    await page.getByTestId('locked-feature-modal').getByRole('button', { name: 'OK' }).click();

    await page.locator(`[data-testid="planning-queued-row"][data-row-key="${numbers[0]}"]`).click();
    await pickSlot(page, layout, slots[0]!);
    await page.getByTestId('planning-name').fill(uniqueName('Locked '));
    await page.getByTestId('planning-save').click();
    await page.getByTestId('locked-feature-modal').getByText(messages.lockedFeature).waitFor();
    expect(await apiClient(server.baseUrl, token).planning.plans()).toEqual([]);
  });
});
